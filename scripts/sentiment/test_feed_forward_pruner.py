"""Checks of FeedForwardPruner on a small random encoder (no model package needed).

Run with the training environment: `.tools/train-venv/bin/python -m unittest scripts/sentiment/test_feed_forward_pruner.py`
"""
import sys
import unittest
from pathlib import Path

import torch
from transformers import BertConfig, BertModel

sys.path.insert(0, str(Path(__file__).parent))
import train_transformer as tt  # noqa: E402


def small_classifier():
    torch.manual_seed(7)
    config = BertConfig(vocab_size=200, hidden_size=32, num_hidden_layers=2, num_attention_heads=4, intermediate_size=64)
    model = tt.Classifier(BertModel(config, add_pooling_layer=False))
    model.eval()
    return model


def inputs():
    ids = torch.randint(1, 200, (3, 9))
    mask = torch.ones_like(ids)
    mask[1, 5:] = 0
    return ids, mask


class FeedForwardPrunerTest(unittest.TestCase):
    def test_schedule_masks_the_least_important_until_the_fraction(self):
        model = small_classifier()
        steps = 100
        pruner = tt.FeedForwardPruner(model, 0.25, steps)
        self.assertEqual(len(pruner.events), 20)
        self.assertTrue(all(10 < s <= 50 for s in pruner.events))
        # Importance rising with the neuron's index: the lowest indices go first.
        for total in pruner.importance:
            total.copy_(torch.arange(total.numel(), dtype=torch.float32))
        masked = []
        for step in range(1, steps + 1):
            pruner.after_step(step)
            masked.append(int((pruner.masks[0] == 0).sum()))
        self.assertEqual(masked[-1], 16)  # a quarter of 64
        self.assertEqual(masked, sorted(masked))  # never unmasked
        self.assertEqual(masked[9], 0)  # nothing before a tenth of the steps
        self.assertTrue(bool((pruner.masks[0][:16] == 0).all()) and bool((pruner.masks[0][16:] == 1).all()))

    def test_importance_gathers_the_gradient_at_each_mask(self):
        model = small_classifier()
        pruner = tt.FeedForwardPruner(model, 0.25, 100)
        ids, mask = inputs()
        pruner.before_backward()
        model(ids, mask).sum().backward()
        pruner.after_backward()
        self.assertTrue(all(bool((total > 0).any()) for total in pruner.importance))

    def test_removing_masked_neurons_keeps_the_outputs(self):
        model = small_classifier()
        pruner = tt.FeedForwardPruner(model, 0.25, 100)
        for m in pruner.masks:
            m.data[torch.randperm(m.numel())[:16]] = 0
        ids, mask = inputs()
        with torch.no_grad():
            masked = model(ids, mask)
        pruner.remove(model)
        with torch.no_grad():
            removed = model(ids, mask)
        self.assertEqual(model.encoder.config.intermediate_size, 48)
        for layer in model.encoder.encoder.layer:
            self.assertEqual(tuple(layer.intermediate.dense.weight.shape), (48, 32))
            self.assertEqual(tuple(layer.output.dense.weight.shape), (32, 48))
        self.assertLess(float((masked - removed).abs().max()), 1e-5)
        # Without the mask (hooks removed) the full network would differ: the check above can fail.
        unpruned = small_classifier()
        with torch.no_grad():
            self.assertGreater(float((unpruned(ids, mask) - removed).abs().max()), 1e-4)


if __name__ == "__main__":
    unittest.main()
