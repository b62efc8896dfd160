// The automatic flow of Hail Hydra (flow.py), in C++: setup, offensives and knock-out phases (HH3-HH24).
#include <algorithm>
#include <map>

#include "hh_game.hpp"

namespace hail_hydra {

namespace {
constexpr int kMaxOffensives = 36;  // HH31
}

void HailHydraGame::advance() {
    try {
        while (!s.has_pending && !s.game_over) step();
    } catch (const GameEnd&) {
        s.has_pending = false;
    }
}

void HailHydraGame::ask(int seat, int kind, int arg) {
    s.has_pending = true;
    s.pending = Pending{seat, kind, arg};
}

void HailHydraGame::step() {
    switch (s.stage) {
        case ST_DRAFT:
            if (!s.queue.empty()) ask(s.queue[0], DRAFT);
            else s.stage = ST_DEAL;
            return;
        case ST_DEAL: return st_deal();
        case ST_FLIP: return st_flip();
        case ST_OFFENSIVE: return st_offensive();
        case ST_GIFT: return st_gift();
        case ST_PLAY: return st_play();
        case ST_RESOLVE: return st_resolve();
        case ST_ATTACK: return st_attack();
        case ST_MISSION_END: return st_mission_end();
        case ST_ROUND: return st_round();
        case ST_KO_OFFER: return st_ko_offer();
        case ST_NOMINATE: return st_nominate();
        case ST_VOTE: return st_vote();
        case ST_VERDICT: return st_verdict();
        default: throw std::logic_error("Hail Hydra: the flow has no stage 'setup' to run");
    }
}

// ------------------------------------------------------------------ setup (HH5-HH8)
void HailHydraGame::st_deal() {
    const int n = s.players;
    const auto& row = T().rows[size_t(n - 5)];
    std::vector<int> discs;
    discs.insert(discs.end(), size_t(row[0]), 0);
    discs.insert(discs.end(), size_t(row[1]), 1);
    shuffle(discs);
    s.loyalty = discs;
    std::vector<int> stack;
    const int plan[3][2] = {{1, 1}, {2, 2}, {3, 1}};
    for (const auto& p : plan) {
        std::vector<int> ids;
        for (size_t i = 0; i < T().villains.size(); ++i)
            if (T().villains[i].tier == p[0]) ids.push_back(int(i));
        for (int c = 0; c < p[1]; ++c) {
            int k = draw_below(int(ids.size()));
            stack.push_back(ids[size_t(k)]);
            ids.erase(ids.begin() + k);
        }
    }
    for (size_t i = 0; i < T().villains.size(); ++i)
        if (T().villains[i].tier == 4) {
            stack.push_back(int(i));
            break;
        }
    s.stack = stack;
    s.stack_tiers.clear();
    for (int v : stack) s.stack_tiers.push_back(T().villains[size_t(v)].tier);
    s.draw.clear();
    for (int v = 0; v < kValues; ++v) s.draw.insert(s.draw.end(), size_t(T().deck[size_t(v)]), v);
    shuffle(s.draw);
    for (int k = 1; k <= n; ++k) {
        int seat = (s.first_player + k) % n;
        draw_cards(seat, k == 1 ? T().second_hand : k == 2 ? T().third_hand : T().hand_size);
    }
    s.city = T().city_health;
    s.stage = ST_FLIP;
}

void HailHydraGame::st_flip() {
    int vid = s.stack.front();
    s.stack.erase(s.stack.begin());
    s.stack_tiers.erase(s.stack_tiers.begin());
    const Villain& villain = T().villains[size_t(vid)];
    const auto& row = T().rows[size_t(s.players - 5)];
    bool calibrated = s.options.balance == "calibrated";
    s.mission += 1;
    s.villain = vid;
    s.start_health = std::min(T().max_health, std::max(1, villain.health + (calibrated ? row[2] : 0)));
    s.health = s.start_health;
    s.strength = std::max(1, villain.strength + (calibrated ? row[3] : 0));
    s.defence = villain.defence;
    s.mission_offensives = 0;
    s.immune.fill(0);
    s.stage = ST_OFFENSIVE;
}

// ------------------------------------------------------------------ an offensive (HH9-HH20)
void HailHydraGame::st_offensive() {
    const int n = s.players;
    if (int(s.offensives.size()) >= kMaxOffensives)
        throw std::logic_error("HH31 broken: an offensive would exceed 36");
    bool first = s.offensives.empty();
    s.smash = s.panther = s.total_flag = false;
    s.total = 0;
    if (!first) s.token = (s.token + 1) % n;
    Offensive record = new_offensive(n, s.mission, s.token);
    for (int i = 0; i < n; ++i) {
        record.out[size_t(i)] = s.out[size_t(i)];
        record.active[size_t(i)] = !s.out[size_t(i)];
        record.revealed[size_t(i)] = s.revealed[size_t(i)];
    }
    s.offensives.push_back(record);
    s.mission_offensives += 1;
    if (!first) {
        int holder = s.token;
        discard_hand(holder);
        draw_cards(holder, T().hand_size);
        if (!has_power(P_NO_DRAW_OTHERS))
            for (int k = 1; k < n; ++k) draw_cards((holder + k) % n, 1);
    }
    s.queue.clear();
    for (int k = 0; k < n; ++k) {
        int seat = (s.token + k) % n;
        if (s.out[size_t(seat)] && !s.revealed[size_t(seat)]) s.queue.push_back(seat);
    }
    s.stage = ST_GIFT;
}

void HailHydraGame::st_gift() {
    if (!s.queue.empty()) return ask(s.queue[0], GIFT_TARGET);
    const int n = s.players;
    s.queue.clear();
    for (int pass = 1; pass >= 0; --pass)
        for (int k = 0; k < n; ++k) {
            int seat = (s.token + k) % n;
            if (!s.out[size_t(seat)] && int(s.revealed[size_t(seat)]) == pass) s.queue.push_back(seat);
        }
    s.stage = ST_PLAY;
}

void HailHydraGame::st_play() {
    if (!s.queue.empty()) {
        int seat = s.queue[0];
        return ask(seat, PLAY, int(s.revealed[size_t(seat)]));
    }
    const int n = s.players;
    Offensive& record = s.offensives.back();
    Counts cards{};
    for (int v = 0; v < kValues; ++v)
        for (int i = 0; i < n; ++i) cards[size_t(v)] += record.down[size_t(i)][size_t(v)] + record.up[size_t(i)][size_t(v)];
    record.cards = cards;
    record.has_cards = true;
    record.hidden = has_power(P_HIDE_CARDS);
    int total = s.smash ? T().smash_bonus : 0;
    for (int v = 0; v < kValues; ++v) total += cards[size_t(v)] * card_value(v);
    s.total = total;
    s.total_flag = true;
    s.queue.clear();
    for (int k = 0; k < n; ++k) {
        int seat = (s.token + k) % n;
        if (!s.out[size_t(seat)] && !s.revealed[size_t(seat)] && hero_of(seat).window == W_RESOLVE)
            s.queue.push_back(seat);
    }
    s.stage = ST_RESOLVE;
}

void HailHydraGame::st_resolve() {
    while (!s.queue.empty()) {
        int seat = s.queue[0];
        if (s.health > 0 && ability_legal(seat, W_RESOLVE)) return ask(seat, RESOLVE_OFFER);
        pop();
    }
    s.stage = ST_ATTACK;
}

void HailHydraGame::st_attack() {
    Offensive& record = s.offensives.back();
    int total = s.total;
    record.total = total;
    record.has_total = true;
    if (s.health > 0) {
        if (total >= 1) {
            int damage = std::max(0, total - s.defence);
            if (has_power(P_DAMAGE_CAP)) damage = std::min(power_amount(P_DAMAGE_CAP), damage);
            hurt_villain(damage);
        } else {
            std::vector<std::array<int, 2>> rows = T().negative_rows;
            if (has_power(P_NEGATIVE_THRESHOLD) && !rows.empty())
                rows = {{power_amount(P_NEGATIVE_THRESHOLD), rows[0][1]}};
            for (const auto& r : rows)
                if (total <= r[0]) {
                    hurt_city(r[1], "negative_total");
                    break;
                }
        }
    }
    if (s.health <= 0) {
        record.defeated = true;
        s.defeated.push_back(s.villain);
        discard_attack();
        s.stage = ST_MISSION_END;
        return;
    }
    if (!s.panther) {
        hurt_city(s.strength, "villain_attack");
        survive_power();
    }
    int agents = 0;
    for (int i = 0; i < s.players; ++i) agents += s.revealed[size_t(i)] && s.out[size_t(i)];
    hurt_city(agents, "knocked_out_agents");
    discard_attack();
    s.stage = ST_OFFENSIVE;
}

void HailHydraGame::survive_power() {
    const Villain& villain = T().villains[size_t(s.villain)];
    int amount = villain.amount;
    switch (villain.power) {
        case P_HEAL: s.health = std::min(s.start_health, s.health + amount); break;
        case P_STRENGTH_UP: s.strength += amount; break;
        case P_DEFENCE_UP: s.defence = std::min(T().max_defence, s.defence + amount); break;
        case P_DISCARD_RANDOM:
            for (int k = 0; k < s.players; ++k) {
                int seat = (s.token + k) % s.players;
                for (int i = 0; i < amount; ++i) {
                    int size = s.hand_size(seat);
                    if (s.out[size_t(seat)] || size == 0) continue;
                    int r = draw_below(size);
                    Counts& hand = s.hands[size_t(seat)];
                    for (int v = 0; v < kValues; ++v) {
                        if (r < hand[size_t(v)]) {
                            hand[size_t(v)] -= 1;
                            s.discard[size_t(v)] += 1;
                            break;
                        }
                        r -= hand[size_t(v)];
                    }
                }
            }
            break;
        default: break;
    }
}

void HailHydraGame::discard_attack() {
    const Offensive& record = s.offensives.back();
    for (int v = 0; v < kValues; ++v) {
        s.discard[size_t(v)] += record.cards[size_t(v)];
        if (!record.hidden) s.discard_public[size_t(v)] += record.cards[size_t(v)];
    }
}

// ------------------------------------------------------------------ the knock-out phase (HH21-HH24)
void HailHydraGame::st_mission_end() {
    s.out.fill(0);
    s.immune.fill(0);
    int rounds = T().knockout[size_t(s.stack_tiers.at(0))][size_t(s.players - 5)];
    if (rounds < 0) throw std::out_of_range("Hail Hydra: the knock-out table has no row for the coming tier");
    s.rounds_left = rounds;
    s.stage = ST_ROUND;
}

void HailHydraGame::st_round() {
    if (s.rounds_left <= 0) {
        s.stage = ST_FLIP;
        return;
    }
    s.rounds_left -= 1;
    int number = 0;
    for (const Round& r : s.rounds) number += r.phase == s.mission;
    s.rounds.push_back(new_round(s.players, s.mission, number));
    s.queue.clear();
    for (int k = 0; k < s.players; ++k) {
        int seat = (s.token + k) % s.players;
        if (hero_of(seat).window == W_KNOCKOUT) s.queue.push_back(seat);
    }
    s.stage = ST_KO_OFFER;
}

void HailHydraGame::st_ko_offer() {
    while (!s.queue.empty()) {
        int seat = s.queue[0];
        if (ability_legal(seat, W_KNOCKOUT)) return ask(seat, KO_OFFER);
        pop();
    }
    s.queue.clear();
    for (int k = 0; k < s.players; ++k) s.queue.push_back((s.token + k) % s.players);
    s.stage = s.options.nominations ? ST_NOMINATE : ST_VOTE;
}

void HailHydraGame::st_nominate() {
    if (!s.queue.empty()) return ask(s.queue[0], NOMINATE);
    for (int k = 0; k < s.players; ++k) s.queue.push_back((s.token + k) % s.players);
    s.stage = ST_VOTE;
}

void HailHydraGame::st_vote() {
    if (!s.queue.empty()) return ask(s.queue[0], VOTE);
    Round& round = s.rounds.back();
    // tally (HH22): one option alone on top, up counted as an option; NONE on a tie or up on top
    std::map<int, int> counts;
    std::vector<int> order;  // first-seen order, as a Python dict iterates
    for (int i = 0; i < s.players; ++i) {
        int v = round.votes[size_t(i)];
        if (counts[v]++ == 0) order.push_back(v);
    }
    int best = 0;
    for (const auto& kv : counts) best = std::max(best, kv.second);
    int top = 0, option = NONE;
    for (int v : order)
        if (counts[v] == best) {
            ++top;
            option = v;
        }
    int result = (top != 1 || option == UP_VOTE) ? NONE : option;
    round.closed = true;
    if (result != NONE) knock_out(result);
    s.rounds.back().result = result;
    s.stage = ST_VERDICT;
}

void HailHydraGame::knock_out(int seat) {
    s.out[size_t(seat)] = 1;
    s.knockouts[size_t(s.loyalty[size_t(seat)])] += 1;
}

void HailHydraGame::st_verdict() {
    if (s.rounds.back().result != NONE)
        for (int seat = 0; seat < s.players; ++seat)
            if (hero_of(seat).window == W_VERDICT && ability_legal(seat, W_VERDICT)) return ask(seat, VERDICT_OFFER);
    close_round();
}

void HailHydraGame::close_round() {
    s.rounds.back().closed = true;
    s.queue.clear();
    s.stage = ST_ROUND;
}

}  // namespace hail_hydra
