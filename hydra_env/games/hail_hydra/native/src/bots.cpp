// The native twins of the scripted bots `loyal` and `saboteur` (bots.hpp). Each function names the Python
// function it follows; the order of the generator's draws is the Python bots' (one random() per option of
// a target, in the order of the legal actions; one choice() per draft or HYDRA gift).
#include "bots.hpp"

#include <cmath>

namespace hail_hydra {

// ------------------------------------------------------------------ CPython's Mersenne Twister
PyRandom::PyRandom(const std::vector<uint32_t>& state) {
    for (size_t i = 0; i < mt_.size(); ++i) mt_[i] = state.at(i);
    index_ = int(state.at(mt_.size()));
}

PyRandom PyRandom::seeded(uint64_t seed) {   // _randommodule.c: random_seed, init_by_array, init_genrand
    constexpr int N = 624;
    const uint32_t key[2] = {uint32_t(seed), uint32_t(seed >> 32)};
    const int key_length = (seed >> 32) ? 2 : 1;
    PyRandom g;
    std::array<uint32_t, 624>& mt = g.mt_;
    mt[0] = 19650218u;
    for (int i = 1; i < N; ++i) mt[size_t(i)] = 1812433253u * (mt[size_t(i - 1)] ^ (mt[size_t(i - 1)] >> 30)) + uint32_t(i);
    int i = 1, j = 0;
    for (int k = N > key_length ? N : key_length; k; --k) {
        mt[size_t(i)] = (mt[size_t(i)] ^ ((mt[size_t(i - 1)] ^ (mt[size_t(i - 1)] >> 30)) * 1664525u)) + key[j] + uint32_t(j);
        ++i;
        ++j;
        if (i >= N) {
            mt[0] = mt[N - 1];
            i = 1;
        }
        if (j >= key_length) j = 0;
    }
    for (int k = N - 1; k; --k) {
        mt[size_t(i)] = (mt[size_t(i)] ^ ((mt[size_t(i - 1)] ^ (mt[size_t(i - 1)] >> 30)) * 1566083941u)) - uint32_t(i);
        ++i;
        if (i >= N) {
            mt[0] = mt[N - 1];
            i = 1;
        }
    }
    mt[0] = 0x80000000u;
    g.index_ = N;
    return g;
}

uint32_t PyRandom::next() {
    constexpr int N = 624, M = 397;
    constexpr uint32_t kMag[2] = {0u, 0x9908b0dfu}, kUpper = 0x80000000u, kLower = 0x7fffffffu;
    if (index_ >= N) {
        int k = 0;
        for (; k < N - M; ++k) {
            uint32_t y = (mt_[size_t(k)] & kUpper) | (mt_[size_t(k + 1)] & kLower);
            mt_[size_t(k)] = mt_[size_t(k + M)] ^ (y >> 1) ^ kMag[y & 1u];
        }
        for (; k < N - 1; ++k) {
            uint32_t y = (mt_[size_t(k)] & kUpper) | (mt_[size_t(k + 1)] & kLower);
            mt_[size_t(k)] = mt_[size_t(k + M - N)] ^ (y >> 1) ^ kMag[y & 1u];
        }
        uint32_t y = (mt_[N - 1] & kUpper) | (mt_[0] & kLower);
        mt_[N - 1] = mt_[M - 1] ^ (y >> 1) ^ kMag[y & 1u];
        index_ = 0;
    }
    uint32_t y = mt_[size_t(index_++)];
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680u;
    y ^= (y << 15) & 0xefc60000u;
    y ^= (y >> 18);
    return y;
}

double PyRandom::random() {
    uint32_t a = next() >> 5, b = next() >> 6;
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
}

int PyRandom::below(int n) {
    int k = 0;
    while ((n >> k) != 0) ++k;                       // n.bit_length()
    uint32_t r = next() >> (32 - k);
    while (r >= uint32_t(n)) r = next() >> (32 - k);
    return int(r);
}

std::vector<uint32_t> PyRandom::state() const {
    std::vector<uint32_t> out(mt_.begin(), mt_.end());
    out.push_back(uint32_t(index_));
    return out;
}

// ------------------------------------------------------------------ the public posterior (belief.py)
namespace {

constexpr double kPLie = 0.85, kFloor = 1e-6;

// The HYDRA-sized seat sets as bit masks, in itertools.combinations order.
const std::vector<uint32_t>& seat_sets(int players, int hydra) {
    static std::array<std::array<std::vector<uint32_t>, kMaxSeats + 1>, kMaxSeats + 1> cache;
    std::vector<uint32_t>& sets = cache[size_t(players)][size_t(hydra)];
    if (sets.empty() && hydra <= players) {
        std::vector<int> c(static_cast<size_t>(hydra));
        for (int i = 0; i < hydra; ++i) c[size_t(i)] = i;
        for (;;) {
            uint32_t mask = 0;
            for (int x : c) mask |= 1u << x;
            sets.push_back(mask);
            int i = hydra - 1;
            while (i >= 0 && c[size_t(i)] == players - hydra + i) --i;
            if (i < 0) break;
            ++c[size_t(i)];
            for (int j = i + 1; j < hydra; ++j) c[size_t(j)] = c[size_t(j - 1)] + 1;
        }
    }
    return sets;
}

// Plain left-to-right addition, as belief.py adds (its `add_up`).
double add_up(const std::vector<double>& values) {
    double total = 0.0;
    for (double v : values) total += v;
    return total;
}

void normalise(std::vector<double>& weights) {
    double total = add_up(weights);
    if (total > 0)
        for (double& w : weights) w = w / total;
}

double comb(int n, int k) {
    double c = 1.0;
    for (int i = 1; i <= k; ++i) c = c * (n - k + i) / i;   // exact for the small counts of a game
    return std::round(c);
}

double likelihood(int lies, int good) {   // belief._likelihood
    lies = std::max(lies, 0);
    if (lies > good) return kFloor;
    return comb(good, lies) * std::pow(kPLie, double(lies)) * std::pow(1.0 - kPLie, double(good - lies));
}

}  // namespace

int hydra_of(const State& s, const Tables& t) { return t.rows[size_t(s.players - 5)][1]; }

namespace {

// belief._offensive_terms of one offensive appended to `out` (L, then the claimed-good count per seat); nothing
// when it tells nothing (its cards not shown, or no claims).
void append_terms(const Offensive& o, int n, std::vector<int>& out) {
    if (!o.has_cards || o.hidden) return;
    bool claimed = false;
    for (int seat = 0; seat < n; ++seat) claimed = claimed || o.claim[size_t(seat)] >= 0;
    if (!claimed) return;
    int reds = o.cards[4] + o.cards[5] + o.cards[6] + o.cards[7], bad = 0;
    for (int seat = 0; seat < n; ++seat) {
        const Counts& up = o.up[size_t(seat)];
        const Counts& down = o.down[size_t(seat)];
        reds -= up[4] + up[5] + up[6] + up[7];
        const int claim = o.claim[size_t(seat)];
        if (claim >= 0) bad += down[0] + down[1] + down[2] + down[3] + down[4] + down[5] + down[6] + down[7] - claim;
    }
    out.push_back(reds - bad);
    for (int seat = 0; seat < n; ++seat) out.push_back(std::max(o.claim[size_t(seat)], 0));
}

}  // namespace

const std::vector<double>& ScriptedBots::public_weights(const State& s, const Tables& t) {
    const int n = s.players, hydra = hydra_of(s, t);
    const size_t count = s.offensives.size();
    if (&s != earlier_state_ || s.seed != earlier_seed_ || s.history.size() < earlier_history_ ||
        count < earlier_count_) {                          // another game, or this one dealt again
        earlier_terms_.clear();
        earlier_count_ = 0;
        earlier_state_ = &s;
        earlier_seed_ = s.seed;
    }
    earlier_history_ = s.history.size();
    for (; count > 0 && earlier_count_ < count - 1; ++earlier_count_)
        append_terms(s.offensives[earlier_count_], n, earlier_terms_);
    std::vector<int>& key = key_;                          // reused: no allocation once grown
    key.clear();
    key.push_back(n);
    key.push_back(hydra);
    for (int seat = 0; seat < n; ++seat) key.push_back(s.revealed[size_t(seat)]);
    key.insert(key.end(), earlier_terms_.begin(), earlier_terms_.end());
    if (count > 0) append_terms(s.offensives.back(), n, key);
    if (key == memo_key_) return memo_weights_;
    const std::vector<uint32_t>& sets = seat_sets(n, hydra);
    std::vector<double>& weights = memo_weights_;
    weights.assign(sets.size(), 1.0);
    for (int seat = 0; seat < n; ++seat)
        if (s.revealed[size_t(seat)])
            for (size_t i = 0; i < sets.size(); ++i)
                if (!(sets[i] >> seat & 1u)) weights[i] = 0.0;
    for (size_t at = size_t(2 + n); at < key.size(); at += size_t(1 + n)) {
        const int lies = key[at];
        for (size_t i = 0; i < sets.size(); ++i) {
            int good = 0;
            for (int seat = 0; seat < n; ++seat)
                if (sets[i] >> seat & 1u) good += key[at + 1 + size_t(seat)];
            weights[i] = weights[i] != 0.0 ? weights[i] * likelihood(lies, good) : 0.0;
        }
        normalise(weights);
    }
    memo_key_.assign(key.begin(), key.end());
    return memo_weights_;
}

std::vector<double> ScriptedBots::public_marginals(const State& s, const Tables& t) {
    std::vector<double>& weights = scratch_;               // Belief.marginals: normalise, then the sums
    const std::vector<double>& memo = public_weights(s, t);
    weights.assign(memo.begin(), memo.end());
    normalise(weights);
    std::vector<double> out(size_t(s.players), 0.0);
    if (add_up(weights) <= 0) return out;
    const std::vector<uint32_t>& sets = seat_sets(s.players, hydra_of(s, t));
    for (int seat = 0; seat < s.players; ++seat) {
        double total = 0.0;
        for (size_t i = 0; i < sets.size(); ++i)
            if (sets[i] >> seat & 1u) total += weights[i];
        out[size_t(seat)] = total;
    }
    return out;
}

}  // namespace hail_hydra
