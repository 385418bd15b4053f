"""``python -m cardrules``: the ``cardrules`` command."""

import sys

from cardrules.cli.main import main

if __name__ == "__main__":
    sys.exit(main())
