"""One table, several terminals: `boardgames host` (issue #29).

The host process holds the game (a HotseatSession: the only State, autosaved as in a hotseat game) and plays
the computers. Each person's seat is a process of its own running the seat's app (seat.py): the host's own
terminal, or a guest's SSH connection on a pseudo-terminal (ssh.py). A seat process talks to the host over a
private local socket (link.py): it sends its seat's actions and receives its seat's View, the public table and
the events it may read — never the State, never another seat's View.
"""
