"""Write ``python.inv``: the Python standard library names the API reference links to.

Sphinx's intersphinx reads an object inventory to resolve names such as
``collections.abc.Sequence`` to the Python documentation. The docs build
offline (CI has no network for docs.python.org), so this small inventory of
just the names cardrules' signatures use is committed; each entry points at
its page on docs.python.org. Add a name here when the nitpicky build reports a
standard-library target it cannot find, then run::

    python docs/_inventories/make_python_inventory.py
"""

from __future__ import annotations

import zlib
from pathlib import Path

# (name, role, page under https://docs.python.org/3/)
NAMES = [
    *(
        (f"collections.abc.{name}", "class", "library/collections.abc.html")
        for name in (
            "Callable",
            "Collection",
            "Iterable",
            "Iterator",
            "Mapping",
            "MutableMapping",
            "Sequence",
            "Set",
        )
    ),
    ("collections.Counter", "class", "library/collections.html"),
    ("decimal.Decimal", "class", "library/decimal.html"),
    ("fractions.Fraction", "class", "library/fractions.html"),
    ("random.Random", "class", "library/random.html"),
    ("pathlib.Path", "class", "library/pathlib.html"),
    ("os.PathLike", "class", "library/os.html"),
    ("threading.local", "class", "library/threading.html"),
    ("enum.Enum", "class", "library/enum.html"),
    ("typing.Any", "data", "library/typing.html"),
    ("True", "data", "library/constants.html"),
    ("False", "data", "library/constants.html"),
    ("None", "data", "library/constants.html"),
    ("str", "class", "library/stdtypes.html"),
    ("int", "class", "library/functions.html"),
    ("float", "class", "library/functions.html"),
    ("bool", "class", "library/functions.html"),
    ("ValueError", "exception", "library/exceptions.html"),
    ("TypeError", "exception", "library/exceptions.html"),
    ("DeprecationWarning", "exception", "library/exceptions.html"),
    ("random", "module", "library/random.html"),
    ("readline", "module", "library/readline.html"),
    ("sqlite3", "module", "library/sqlite3.html"),
    ("decimal", "module", "library/decimal.html"),
]


def inventory() -> bytes:
    """The inventory file's bytes (format version 2)."""
    header = (
        "# Sphinx inventory version 2\n"
        "# Project: Python\n"
        "# Version: 3\n"
        "# The remainder of this file is compressed using zlib.\n"
    )
    lines = []
    for name, role, page in NAMES:
        anchor = "" if role == "module" else f"#{name}"
        if role == "module":
            anchor = f"#module-{name}"
        lines.append(f"{name} py:{role} 1 {page}{anchor} -\n")
    return header.encode() + zlib.compress("".join(lines).encode())


if __name__ == "__main__":
    Path(__file__).with_name("python.inv").write_bytes(inventory())
