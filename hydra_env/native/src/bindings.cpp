// Python bindings of the native engine: the module hydra_env._native.
#include <nanobind/nanobind.h>
#include <nanobind/stl/vector.h>

#include <vector>

#include "rng.hpp"

namespace nb = nanobind;

NB_MODULE(_native, m) {
    m.doc() = "Native (C++17) rules engine of hydra-env; use it through hydra_env.Game.";
    m.def(
        "event_permutation",
        [](uint64_t seed, uint64_t event, int n) {
            std::vector<int> out(n > 0 ? n : 0);
            if (n > 0) hydra::event_permutation(seed, event, n, out.data());
            return out;
        },
        nb::arg("seed"), nb::arg("event"), nb::arg("n"),
        "numpy.random.default_rng([seed, event]).permutation(n).tolist(), computed natively.");
}
