// One game as the bindings hold it: the shared rules, the plain-copy state, the decision
// history (kept beside the state so that the state stays a fixed-size value) and the
// legal mask of the pending decision, computed once.
#pragma once

#include <memory>
#include <vector>

#include "engine.hpp"

namespace hydra {

struct RulesHolder {
    std::shared_ptr<const Tables> tables;
    Rules rules;
};

struct Game {
    std::shared_ptr<const RulesHolder> holder;
    State state;
    std::vector<int16_t> history;
    ActionMask mask;
    bool mask_valid = false;

    const Rules& rules() const { return holder->rules; }
    const ActionMask& legal() {
        if (!mask_valid) {
            legal_mask(state, rules(), mask);
            mask_valid = true;
        }
        return mask;
    }
    bool is_legal(long long action) {
        if (action < 0 || action >= rules().tables->codec.size) return false;
        return legal().test(int(action));
    }
    // Applies a legal action (checked by the caller); the state changes only on success.
    void apply(int action) {
        State next = state;
        apply_legal(next, rules(), action);
        state = next;
        history.push_back(int16_t(action));
        mask_valid = false;
    }
};

}  // namespace hydra
