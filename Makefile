# The two commands of the README. Each sets up .venv when it is missing (or when
# pyproject.toml / constraints.txt changed since), then runs its job. `make train` installs only
# what training and the tools need (the package and its dependencies); `make test` adds the test,
# notebook, browser and cluster tools (".[all]").
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
TRAIN_STAMP := $(VENV)/.installed-train

.PHONY: test train lint setup native native-asan test-rllib

# The suite runs on every core (pytest-xdist, at most 4 workers), each test file on one worker:
# a file's module fixtures (the wheel of test_packaging, a Ray cluster) are built once.
# Its second stage is the long differentials (native against Python, 100,000 decisions per game,
# the tests marked long_differential): left out of the suite to keep it within about 12 minutes
# on 2 cores, shared test by test among the workers here, a line for each as it ends.
test: $(STAMP)
	$(BIN)/python -m pytest -q -n auto --maxprocesses 4 --dist loadfile
	$(BIN)/python -m pytest -v -n auto --maxprocesses 4 --dist load --run-slow -m long_differential
	$(BIN)/lint-imports
	$(BIN)/ruff check .

train: $(TRAIN_STAMP)
	$(BIN)/hydra-env train

lint: $(STAMP)
	$(BIN)/lint-imports
	$(BIN)/ruff check .

setup: $(STAMP)

# Rebuild the native engines (hydra_env.games.<game>._native) after a C++ change: an incremental
# CMake build in build/ (the editable install does the first build).
native: $(STAMP)
	$(BIN)/pip install --no-build-isolation --no-deps -e .

# The native engine built with AddressSanitizer + UndefinedBehaviorSanitizer (any error
# aborts), then the random-input fuzz of the native facade and the differential runs under it (Hydra,
# Hydras, then every game with a native engine, over the settings its spec names for differentials,
# then Hail Hydra's native bots against the Python bots).
ASAN_BUILD := build/asan
ASAN_RUN = ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=print_stacktrace=1 \
	LD_PRELOAD="$$($(CXX) -print-file-name=libasan.so) $$($(CXX) -print-file-name=libstdc++.so)" \
	HYDRA_ENV_NATIVE_DIR="$(ASAN_BUILD)" PYTHONPATH=. $(BIN)/python
native-asan: $(STAMP)
	PATH="$(abspath $(BIN)):$$PATH" cmake -S . -B $(ASAN_BUILD) -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
		-DHYDRA_SANITIZE=ON -DPython_EXECUTABLE="$(abspath $(BIN)/python)"
	PATH="$(abspath $(BIN)):$$PATH" cmake --build $(ASAN_BUILD) -j2
	$(ASAN_RUN) benchmarks/native_fuzz.py --seconds $(or $(FUZZ_SECONDS),20)
	$(ASAN_RUN) benchmarks/differential.py --decisions $(or $(DECISIONS),50000)
	$(ASAN_RUN) benchmarks/differential_hydras.py --decisions $(or $(HYDRAS_DECISIONS),20000)
	$(ASAN_RUN) benchmarks/differential_games.py --game all --decisions $(or $(GAME_DECISIONS),20000)
	$(ASAN_RUN) benchmarks/hail_hydra_native_bots.py --differential $(or $(BOT_DECISIONS),20000)

$(STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -c constraints.txt -e ".[all]"
	touch $(STAMP) $(TRAIN_STAMP)

$(TRAIN_STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -c constraints.txt -e .
	touch $(TRAIN_STAMP)

# RLlib (agents/rllib, docs/rllib.md): ray[rllib] 2.60 pins gymnasium 1.2.2, older than the main
# venv's, so the RLlib tests, and the env and vector-env tests on the gymnasium RLlib pins, run in a
# second venv. The project is not installed there (no second C++ build): its sources come from
# PYTHONPATH, its native modules from the main venv's build folder (HYDRA_ENV_NATIVE_DIR), its entry
# points from tests/rllib/rllib_venv.py (a dist-info written into that venv).
RLLIB_VENV := .venv-rllib
RLLIB_STAMP := $(RLLIB_VENV)/.installed
RLLIB_RUN = PYTHONPATH="$(CURDIR)" HYDRA_ENV_NATIVE_DIR="$(abspath $(firstword $(wildcard build/cp3*)))" \
	$(RLLIB_VENV)/bin/python
RLLIB_TESTS ?= tests/rllib tests/envs tests/games/hydras/test_hydras_envs.py \
	tests/games/heroica/test_heroica_vector.py tests/games/hail_hydra/test_hail_hydra_rules_end_and_env.py \
	tests/agents/test_shipped_policies.py tests/train/test_engine_choice.py

test-rllib: $(STAMP) $(RLLIB_STAMP)
	$(RLLIB_RUN) -m pytest -q $(RLLIB_TESTS)

$(RLLIB_STAMP): pyproject.toml constraints.txt tests/rllib/rllib_venv.py
	$(PYTHON) -m venv $(RLLIB_VENV)
	$(RLLIB_VENV)/bin/python tests/rllib/rllib_venv.py requirements > $(RLLIB_VENV)/requirements.txt
	$(RLLIB_VENV)/bin/pip install -c constraints.txt -r $(RLLIB_VENV)/requirements.txt
	$(RLLIB_VENV)/bin/python tests/rllib/rllib_venv.py metadata
	touch $(RLLIB_STAMP)
