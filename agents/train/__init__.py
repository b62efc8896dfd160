"""PPO training (sb3-contrib MaskablePPO) for the hydra-env environments."""
