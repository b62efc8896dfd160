"""A loaded PPO policy runs torch on one thread (HYDRA_ENV_TORCH_THREADS overrides), as the trainer's."""

from __future__ import annotations

import pytest

torch = pytest.importorskip("torch")

from agents.ppo_bot import one_thread_inference  # noqa: E402
from hydra_env.errors import ConfigError  # noqa: E402


@pytest.fixture(autouse=True)
def keep_threads():
    before = torch.get_num_threads()
    yield
    torch.set_num_threads(before)


def test_inference_runs_on_one_thread_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("HYDRA_ENV_TORCH_THREADS", raising=False)
    torch.set_num_threads(2)
    one_thread_inference()
    assert torch.get_num_threads() == 1


def test_the_environment_variable_sets_the_thread_count(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HYDRA_ENV_TORCH_THREADS", "2")
    torch.set_num_threads(1)
    one_thread_inference()
    assert torch.get_num_threads() == 2


def test_a_bad_value_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HYDRA_ENV_TORCH_THREADS", "lots")
    with pytest.raises(ConfigError, match="HYDRA_ENV_TORCH_THREADS='lots' is not a positive integer"):
        one_thread_inference()


def test_a_pool_worker_runs_policies_on_one_thread_whatever_the_parent_sets(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A training run with torch_threads 2 sets HYDRA_ENV_TORCH_THREADS=2 for its process;
    the workers of its pools (the teacher's games, evaluations) share the cores and must
    not inherit it (two workers of two threads each on two cores: about 5x slower)."""
    import multiprocessing as mp
    import os
    from concurrent.futures import ProcessPoolExecutor

    from agents.backends import one_thread_worker
    monkeypatch.setenv("HYDRA_ENV_TORCH_THREADS", "2")
    monkeypatch.delenv("OMP_NUM_THREADS", raising=False)
    with ProcessPoolExecutor(1, mp_context=mp.get_context("spawn"), initializer=one_thread_worker) as pool:
        assert pool.submit(os.getenv, "HYDRA_ENV_TORCH_THREADS").result() == "1"
        assert pool.submit(os.getenv, "OMP_NUM_THREADS").result() == "1"
    assert os.environ["HYDRA_ENV_TORCH_THREADS"] == "2"        # the parent keeps its own
