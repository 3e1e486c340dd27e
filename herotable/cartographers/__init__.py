"""Rules of Cartographers: Heroes, the base game, the ambush packs and their combinations."""
