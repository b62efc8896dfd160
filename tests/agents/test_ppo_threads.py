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
