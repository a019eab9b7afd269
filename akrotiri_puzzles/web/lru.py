"""A bounded, thread-safe cache that forgets the least recently used entries first.

The page keeps answers (proven outlooks of positions, pictures of lines) so that it is fast
once warm; a server that runs for weeks for a club must not keep every answer it ever gave.
Each cache holds at most `most` entries and, when given a `weigh` function, at most `budget`
units of weight (bytes of a picture); what goes beyond is forgotten, oldest use first, and is
worked out again when asked for (a forgotten answer costs time, never correctness).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator, MutableMapping
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class LRU(MutableMapping[K, V], Generic[K, V]):
    """A mapping of at most `most` entries (and `budget` weight), least recently used forgotten first."""

    def __init__(self, most: int, budget: int | None = None, weigh: Callable[[V], int] | None = None) -> None:
        if most < 1:
            raise ValueError(f"most: {most}; expected at least 1")
        self.most = most
        self.budget = budget
        self._weigh = weigh
        self._data: OrderedDict[K, V] = OrderedDict()
        self._weight = 0
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0
        self.forgotten = 0

    def get(self, key: K, default: V | None = None) -> V | None:  # type: ignore[override]
        """The value, marked as just used, or `default`."""
        with self._lock:
            if key in self._data:
                self._data.move_to_end(key)
                self.hits += 1
                return self._data[key]
            self.misses += 1
            return default

    def __getitem__(self, key: K) -> V:
        with self._lock:
            value = self._data[key]
            self._data.move_to_end(key)
            return value

    def __setitem__(self, key: K, value: V) -> None:
        with self._lock:
            if key in self._data:
                self._weight -= self._size(self._data.pop(key))
            self._data[key] = value
            self._weight += self._size(value)
            while len(self._data) > self.most or (
                self.budget is not None and self._weight > self.budget and len(self._data) > 1
            ):
                _, old = self._data.popitem(last=False)
                self._weight -= self._size(old)
                self.forgotten += 1

    def __delitem__(self, key: K) -> None:
        with self._lock:
            self._weight -= self._size(self._data.pop(key))

    def __contains__(self, key: object) -> bool:
        with self._lock:
            return key in self._data

    def __iter__(self) -> Iterator[K]:
        with self._lock:
            return iter(list(self._data))

    def __len__(self) -> int:
        return len(self._data)

    @property
    def weight(self) -> int:
        """The summed weight of the entries (0 without a `weigh` function)."""
        return self._weight

    def _size(self, value: V) -> int:
        return self._weigh(value) if self._weigh is not None else 0


class Shelf(MutableMapping[Hashable, V], Generic[V]):
    """One owner's part of a shared LRU: its keys are stored as (owner, key), so that many owners
    (the referees of many puzzles) share one bound."""

    def __init__(self, shared: LRU[tuple[Hashable, Hashable], V], owner: Hashable) -> None:
        self._shared = shared
        self._owner = owner

    def get(self, key: Hashable, default: V | None = None) -> V | None:  # type: ignore[override]
        """The value, or `default`."""
        return self._shared.get((self._owner, key), default)

    def __getitem__(self, key: Hashable) -> V:
        return self._shared[(self._owner, key)]

    def __setitem__(self, key: Hashable, value: V) -> None:
        self._shared[(self._owner, key)] = value

    def __delitem__(self, key: Hashable) -> None:
        del self._shared[(self._owner, key)]

    def __contains__(self, key: object) -> bool:
        return (self._owner, key) in self._shared

    def __iter__(self) -> Iterator[Hashable]:
        return (k for o, k in self._shared if o == self._owner)

    def __len__(self) -> int:
        return sum(1 for _ in self)
