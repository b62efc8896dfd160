// The observation of Heroica (observer.py, spec 4.5), float32 bit for bit: each value is computed
// in double as Python does and rounded to float32 once, as numpy's assignment does.
#include <algorithm>
#include <cstring>

#include "heroica.hpp"

namespace heroica {

namespace {
constexpr int kChannels = 12;
}

void encode(const State& s, const Tables& t, int seat, float* out) {
    const int W = t.width, cells = t.height * t.width;
    std::memset(out, 0, sizeof(float) * size_t(t.obs_size));
    float* planes = out;
    float* vec = out + kChannels * cells;
    auto at = [&](int channel, int space) -> float& {
        return planes[channel * cells + t.coord_y[size_t(space)] * W + t.coord_x[size_t(space)]];
    };
    for (int x = 0; x < t.n; ++x) at(0, x) = 1.0f;
    at(1, t.start) = 1.0f;
    for (int x = 0; x < t.n; ++x) {
        int kind = s.monster_at[x];
        if (kind < 0) continue;
        at(2, x) = float(double(t.monster_strength[size_t(kind)]) / 3.0);
        if (kind == t.boss) {
            at(3, x) = 1.0f;
            vec[37] = 1.0f;
            if (s.crystal) {
                at(4, x) = 1.0f;
                vec[36] = 1.0f;
            }
        }
    }
    for (int x = 0; x < t.n; ++x)
        if (s.potion_at[x]) at(5, x) = 1.0f;
    const int players = s.players;
    for (int h = 0; h < s.heroes; ++h) {
        int cls = s.hero_class[h], space = s.hero_space[h];
        at(6 + cls, space) = 1.0f;
        bool mine = s.hero_owner[h] == seat;
        if (mine) at(10, space) = 1.0f;
        if (s.hero_healing[h]) at(11, space) = 1.0f;
        float* v = vec + 9 * cls;
        v[0] = 1.0f;
        v[1] = mine ? 1.0f : 0.0f;
        v[2] = float(double(((s.hero_owner[h] - seat) % players + players) % players) / 3.0);
        v[3] = float(double(s.hero_health[h]) / double(t.max_health));
        v[4] = s.hero_healing[h] ? 1.0f : 0.0f;
        v[5] = float(std::min(double(s.hero_potions[h]) / 2.0, 1.0));
        v[6] = float(std::min(double(s.hero_trophies[h]) / 6.0, 1.0));
        v[7] = float(std::min(double(s.hero_kos[h]) / 2.0, 1.0));
        v[8] = (h == s.hero && !s.game_over) ? 1.0f : 0.0f;
    }
    vec[38 + s.mode] = 1.0f;
    vec[41] = seat == s.monster_seat() ? 1.0f : 0.0f;
    vec[42] = float(std::min(double(s.ko_total) / 2.0, 1.0));
    if (s.mode == SOLO) vec[43] = float(std::min(double(s.turn) / double(s.solo_turn_limit), 1.0));
    else vec[43] = float(std::min(double(s.round) / double(s.max_rounds), 1.0));
    if (s.has_pending) vec[44 + s.pending_kind] = 1.0f;
    if (s.move_face >= 0) vec[55 + s.move_face] = 1.0f;
    if (s.fight_face >= 0) vec[59 + s.fight_face] = 1.0f;
    vec[63] = float(std::min(double(s.allowance) / 4.0, 1.0));
}

}  // namespace heroica
