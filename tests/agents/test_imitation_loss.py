"""The imitation loss (agents.train.bc.imitation_loss): plain cross-entropy, or focal-weighted
so that the decisions the policy already copies count less than the ones it gets wrong."""

from __future__ import annotations

import math

import pytest
import torch

from agents.train.bc import imitation_loss
from agents.train.config import TrainConfig
from agents.train.config_checks import validate
from hydra_env.errors import ConfigError


def test_without_focal_weighting_the_loss_is_the_mean_cross_entropy() -> None:
    log_prob = torch.log(torch.tensor([0.9, 0.5, 0.1]))
    assert float(imitation_loss(log_prob)) == pytest.approx(-float(log_prob.mean()))


def test_focal_weighting_weighs_each_decision_by_its_miss_probability() -> None:
    probs = [0.99, 0.5]
    loss = float(imitation_loss(torch.log(torch.tensor(probs)), focal_gamma=2.0))
    expected = sum((1 - p) ** 2 * -math.log(p) for p in probs) / len(probs)
    assert loss == pytest.approx(expected, rel=1e-5)


def test_focal_weighting_moves_a_copied_decision_less_than_a_missed_one() -> None:
    logits = torch.tensor([[4.0, 0.0], [0.0, 0.0]], requires_grad=True)
    log_prob = torch.log_softmax(logits, dim=1)[:, 0]
    imitation_loss(log_prob, focal_gamma=2.0).backward()
    copied, missed = logits.grad[0].abs().sum(), logits.grad[1].abs().sum()
    assert copied < missed / 100


def test_a_negative_focal_gamma_is_refused_with_the_field_named() -> None:
    with pytest.raises(ConfigError, match="bc_focal_gamma"):
        validate(TrainConfig(env="hydra_env/Solo-v0", bc_focal_gamma=-1.0))
