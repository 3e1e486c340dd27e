"""Terminal front ends (Rich)."""
