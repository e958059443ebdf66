"""The Paragraph the books set their text with (rulebooks and journals): reportlab's, breaking its lines
once per width."""
from __future__ import annotations

import functools


@functools.cache
def once_paragraph():
    """A reportlab Paragraph class that breaks its lines once per width. The page flow wraps most
    paragraphs twice at the same width (a keep-with-next group measures them, then the frame sets
    them), and a second wrap would only repeat the first: the height offered never changes a
    paragraph's lines. A split that refuses to leave a widow deletes blPara; the next wrap then breaks
    the lines again. Same bytes out as a plain Paragraph."""
    from reportlab.platypus import Paragraph

    class OncePerWidth(Paragraph):
        _wrapped = None  # (width, height) of the last wrap

        def wrap(self, availWidth, availHeight):  # noqa: N803 (reportlab's names)
            if self._wrapped is not None and self._wrapped[0] == availWidth and "blPara" in self.__dict__:
                self.width, self.height = self._wrapped
                return self._wrapped
            size = super().wrap(availWidth, availHeight)
            if getattr(self, "blPara", None) is not None and size[0] == availWidth:
                self._wrapped = size
            return size

    return OncePerWidth
