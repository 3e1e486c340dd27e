"""Heroes of Dominaria bots: greedy and strong (determinised search)."""
