"""Rules of Cartographers Heroes (and, later, the base game and ambush packs)."""
