import sys

from lostprint.cli import main

sys.exit(main())
