"""lostprint: printables for 1572, 1672, 1872 and Crows."""

__version__ = "0.1.0"
