"""Heroes of Dominaria: the rules engine and its editable data pack."""
