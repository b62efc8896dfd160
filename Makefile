# The two commands of the README. Each sets up .venv when it is missing (or when
# pyproject.toml / constraints.txt changed since), then runs its job. `make train` installs only
# what training and the tools need (the package and its dependencies); `make test` adds the test,
# notebook, browser and cluster tools (".[all]").
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
TRAIN_STAMP := $(VENV)/.installed-train

.PHONY: test train lint setup native native-asan

test: $(STAMP)
	$(BIN)/python -m pytest -q
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
# Hydras, then every game with a native engine).
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

$(STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -c constraints.txt -e ".[all]"
	touch $(STAMP) $(TRAIN_STAMP)

$(TRAIN_STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -c constraints.txt -e .
	touch $(TRAIN_STAMP)
