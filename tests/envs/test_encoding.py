"""The observation encoder: layout, dtypes, no leaks (R41), batch = single, masks."""

from __future__ import annotations

import numpy as np
import pytest

import hydra_env
from hydra_env.envs import encoding
from hydra_env.games.hydra.observe.encoding import MAX_SEATS, encoder_for
from hydra_env.games.hydra.rules.codec import A_CITY_HARPOON, A_CITY_SWORD, A_HARPOON, A_SWORD
from hydra_env.games.hydra.rules.state import DECIDE_EVADE, DECIDE_FOLLOW, DECIDE_SHOVED

ENC = encoder_for()
ATTACKS = (A_SWORD, A_CITY_SWORD, A_HARPOON, A_CITY_HARPOON)


def random_positions(scenario: int, games: int, seed: int) -> list:
    """Positions (games) met in random play, every decision; every other game
    prefers attacks (sword, harpoon), which lasts longer and meets more kinds
    of decision (row C face up, evasions, follows, the Hydra-phase queue)."""
    rng = np.random.default_rng(seed)
    out = []
    for k in range(games):
        g = hydra_env.Game.new(scenario, 1 + k % 3, seed=seed * 1000 + k)
        kinds = g.codec.kind
        while not g.is_over:
            out.append(g.clone())
            legal = g.legal_actions()
            attacks = [a for a in legal if kinds[a] in ATTACKS]
            pool = attacks if attacks and k % 2 and rng.random() < 0.9 else legal
            g.apply(pool[rng.integers(len(pool))])
        out.append(g.clone())
    return out


SOLO = random_positions(10, 40, 1) + random_positions(12, 20, 2)
COOP = random_positions(1, 10, 3) + random_positions(5, 8, 4) + random_positions(8, 8, 5)


def test_layout_table_matches_docstring():
    """Every block line printed from the code appears in the module docstring."""
    for line in ENC.layout_table().splitlines():
        assert line in encoding.__doc__, line
    assert ENC.board_shape == (29, 11, 9)
    assert ENC.n_features == 1096 and ENC.size == 29 * 99 + 1096


@pytest.mark.parametrize("games", [SOLO[:200], COOP[:200]], ids=["solo", "coop"])
def test_dtype_shape_and_range(games):
    for g in games:
        for seat in range(g.num_players):
            obs = ENC.encode(g, seat)
            assert obs.dtype == np.float32 and obs.shape == (ENC.size,)
            assert obs.min() >= 0.0 and obs.max() <= 1.0
            d = ENC.encode_dict(g, seat)
            assert d["board"].shape == ENC.board_shape and d["features"].shape == (1096,)
            flat = np.concatenate([d["board"].ravel(), d["features"]])
            assert flat.tobytes() == obs.tobytes()          # flat = planes raveled, then features


def test_planes_show_heads_necks_heroes_barricades():
    """Spot checks of channels against the state."""
    ch = ENC.channels
    assert [ch[name] for name in ("path", "barricade", "hero", "shield", "portal", "maelstrom",
                                  "area", "target", "head", "counter", "neck")] == \
        [0, 4, 5, 9, 10, 11, 12, 16, 17, 21, 25]
    for g in SOLO[25:400:25]:
        st, rule_board = g.state, g.rules.board
        board = ENC.encode_dict(g, 0)["board"].reshape(29, -1)
        feats = ENC.encode_dict(g, 0)["features"]
        for c in range(4):
            path = rule_board.paths[st.hydra_path[c]]
            head = path[st.head_position[c]]
            assert board[17 + c, head] == 1 and board[17 + c].sum() == 1
            assert board[21 + c, head] == pytest.approx(st.head_count[c] / 6)
            assert set(np.flatnonzero(board[25 + c])) == set(path[:st.head_position[c]])
            assert set(np.flatnonzero(board[c])) == set(path)
            assert feats[c * 8 + st.head_count[c]] == 1 and feats[c * 8:c * 8 + 7].sum() == 1
            assert feats[c * 8 + 7] == pytest.approx(st.head_position[c] / 9)
        bars = {s for s in st.barricade_space if s >= 0}
        assert set(np.flatnonzero(board[4])) == bars
        hero = st.hero_space[0]
        assert set(np.flatnonzero(board[5])) == ({hero} if hero != rule_board.city else set())
        assert board[6:9].sum() == 0
        assert board[10].sum() == 12 and board[11].sum() == 4
        assert (board[12:16].sum(axis=0) == 1).all()
        walls = feats[90:100]
        assert walls.sum() == st.walls and (walls[:st.walls] == 1).all()


def test_seats_are_relative_own_hero_first():
    """Relative seat 0 is always the observer: the plane of relative seat k for
    observer s shows the hero of seat (s + k) mod n."""
    rule_board = COOP[0].rules.board
    for g in COOP[:300:7]:
        n = g.num_players
        for seat in range(n):
            board = ENC.encode_dict(g, seat)["board"].reshape(29, -1)
            for k in range(n):
                sp = g.state.hero_space[(seat + k) % n]
                expect = {sp} if sp != rule_board.city else set()
                assert set(np.flatnonzero(board[5 + k])) == expect


def test_pending_targets_are_encoded():
    seen = set()
    for g in SOLO + COOP:
        pd = g.state.pending
        if pd is None or pd.kind not in (DECIDE_SHOVED, DECIDE_EVADE, DECIDE_FOLLOW):
            continue
        seen.add(pd.kind)
        rule_board = g.rules.board
        obs = ENC.encode(g, pd.seat)
        board = obs[:ENC.P].reshape(29, -1)
        if pd.kind == DECIDE_FOLLOW:
            targets = {pd.follow_space}
        else:
            targets = set(rule_board.spaces(pd.choices))
        assert set(np.flatnonzero(board[16])) == targets - {rule_board.city}
        assert obs[ENC.f["target_city"]] == (1.0 if rule_board.city in targets else 0.0)
    assert seen == {DECIDE_SHOVED, DECIDE_EVADE, DECIDE_FOLLOW}


def leak_check(enc, games, rng) -> tuple[int, int, int]:
    """(checks, observations or masks that changed, re-deals that moved hidden cards)."""
    checked = leaked = changed = 0
    for g in games:
        for seat in range(g.num_players):
            obs, mask = enc.encode(g, seat).tobytes(), enc.mask(g, seat).tobytes()
            for _ in range(2):
                d = g.determinize(seat, rng)
                leaked += enc.encode(d, seat).tobytes() != obs or enc.mask(d, seat).tobytes() != mask
                changed += d.state.action_deck != g.state.action_deck or d.state.hydra_hands != g.state.hydra_hands
                checked += 1
    return checked, leaked, changed


def test_r41_no_leak_redealing_hidden_information():
    """R41: for every seat, re-dealing what it cannot see (determinize) leaves its
    observation and mask bit-identical, over many random positions."""
    checked, leaked, changed = leak_check(ENC, SOLO[::2] + COOP[::2], np.random.default_rng(7))
    assert leaked == 0
    assert checked > 3000
    assert changed > checked // 2          # the re-deal really moved hidden cards
    kinds = {(g.is_solo, bool(g.state.solo_row_c_face_up), bool(g.state.hydra_queue)) for g in SOLO + COOP}
    assert (True, True, False) in kinds and (False, False, True) in kinds   # row C up; queue


def test_leak_check_catches_a_leaky_encoder():
    """The check above is not vacuous: an encoder that shows the next card of the
    action deck is caught."""

    class Leaky(encoding.Encoder):
        def encode(self, game, seat):
            out = super().encode(game, seat)
            deck = game.state.action_deck
            out[self.f["decks"]] = (deck[-1] + 1) / 64 if deck else 0.0
            return out

    _, leaked, _ = leak_check(Leaky(), SOLO[:100:5] + COOP[:100:5], np.random.default_rng(1))
    assert leaked > 10


def test_r41_solo_row_c_hidden_before_the_oracle_phase():
    for g in SOLO:
        st = g.state
        if st.solo_row_c and any(c >= 0 for c in st.solo_row_c) and not st.solo_row_c_face_up:
            obs = ENC.encode(g, 0)
            r = ENC.f["row_c"]
            block = obs[r:r + 155].reshape(5, 31)
            present = np.array([c >= 0 for c in st.solo_row_c])
            assert (block[:, 0] == present).all()
            assert block[:, 1].sum() == 0 and block[:, 3:].sum() == 0
            return
    pytest.fail("no face-down row C met")


def test_solo_tokens_blocks_and_columns_are_encoded():
    """Display tokens (phase I / II), blocked row C cards (R36) and the columns used
    in phase I (R34) appear in the features."""
    f = ENC.f
    seen_block = False
    for g in SOLO:
        st = g.state
        obs = ENC.encode(g, 0)
        for i, t in enumerate(st.display_token):
            b = f["display"] + i * 50
            assert obs[b + 1] == (t == 1) and obs[b + 2] == (t == 2)
        for j, blocked in enumerate(st.solo_row_c_blocked):
            assert obs[f["row_c"] + j * 31 + 2] == blocked
            seen_block |= bool(blocked)
        cols = obs[f["solo"] + 6:f["solo"] + 11]
        assert [bool(x) for x in cols] == [bool((st.solo_columns_used >> j) & 1) for j in range(5)]
    assert seen_block


def test_caches_never_change_an_observation(monkeypatch):
    """A fresh encoder whose caches hold 3 entries (emptied all the time) encodes
    exactly as the shared one with warm caches."""
    monkeypatch.setattr(encoding, "CACHE_LIMIT", 3)
    monkeypatch.setattr(encoding, "CACHE_LIMITS", {})
    fresh = encoding.Encoder()
    for g in SOLO[::4] + COOP[::4]:
        for seat in range(g.num_players):
            assert fresh.encode(g, seat).tobytes() == ENC.encode(g, seat).tobytes()
    assert all(len(c) <= 3 for c in fresh._caches.values())


def test_batch_encoder_equals_single():
    games = SOLO[:150] + COOP[:150]
    seats = [k % g.num_players for k, g in enumerate(games)]
    batch = ENC.encode_batch(games, seats)
    assert batch.shape == (len(games), ENC.size) and batch.dtype == np.float32
    for row, g, s in zip(batch, games, seats):
        assert row.tobytes() == ENC.encode(g, s).tobytes()
    masks = ENC.mask_batch(games, seats)
    for row, g, s in zip(masks, games, seats):
        assert (row == ENC.mask(g, s)).all()
    assert ENC.encode_batch([], []).shape == (0, ENC.size)


def test_solo_hero_fast_path_equals_general_path():
    """The cached solo hero chunk writes what the general per-seat code writes."""
    b = ENC.f["heroes"]
    for g in SOLO[:400]:
        st, game_rules = g.state, g.rules
        general = np.zeros(ENC.size, np.float32)
        ones, vidx, vval = [], [], []
        ENC._heroes(st, game_rules, 0, ones, vidx, vval)
        general[ones] = 1
        general[vidx] = vval
        fast = np.zeros(ENC.size, np.float32)
        key = ENC.solo_hero_key(st, game_rules)
        cells, block = ENC._solo_hero_chunk(key)
        fast[list(cells)] = 1
        fast[b:b + len(block)] = block
        assert (fast == general).all()


def test_mask_equals_engine_legal_set():
    """The mask is True exactly on Game.legal_actions() for the deciding seat and
    all False for the others; legal actions apply, masked-out ones raise."""
    rng = np.random.default_rng(3)
    for g in SOLO[::3] + COOP[::3]:
        for seat in range(g.num_players):
            mask = ENC.mask(g, seat)
            assert mask.dtype == bool and mask.shape == (g.action_size,)
            if seat == g.current_player:
                assert np.flatnonzero(mask).tolist() == g.legal_actions()
                assert mask.any()
            else:
                assert not mask.any()
        if not g.is_over:
            a = int(rng.choice(np.flatnonzero(ENC.mask(g, g.current_player))))
            g.clone().apply(a)
            bad = int(rng.choice(np.flatnonzero(~ENC.mask(g, g.current_player))))
            with pytest.raises(hydra_env.IllegalActionError):
                g.clone().apply(bad)


def test_max_seats_covers_the_scenarios():
    assert max(s.players for s in hydra_env.default_components().scenarios) <= MAX_SEATS
