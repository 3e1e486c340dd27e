"""Heroes of Dominaria: the editable data pack and, in time, the rules engine."""
