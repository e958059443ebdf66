import sys

from lostprint.cli import main

if __name__ == "__main__":  # `python -m lostprint`; importing the module runs nothing
    sys.exit(main())
