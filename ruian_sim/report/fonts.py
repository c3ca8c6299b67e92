"""Chinese in the report: a declared font fallback, for the page and for its plots.

The page names CJK fonts in its CSS (the browser takes the first it has).  matplotlib
draws with DejaVu Sans unless told otherwise, and DejaVu has no Chinese: every 瑞安 became
a box.  So the plots declare the CJK fonts this machine has, DejaVu Sans last, and draw
Chinese only when one is there; with none, labels lose their Chinese (analyst.plain)
rather than show boxes, and nothing fails.

matplotlib lists the fonts it knows in a cache built once; fonts installed after it
(Debian's fonts-noto-cjk on a machine that already ran matplotlib) are not in it, so the
system's font folders are searched for the known CJK files when the cache names none.
"""

from __future__ import annotations

import re
from pathlib import Path

# Simplified Chinese first (the rules' language), then the other CJK families a system may carry
CJK_FONTS = ("Noto Sans CJK SC", "Source Han Sans SC", "Source Han Sans CN", "WenQuanYi Zen Hei",
             "WenQuanYi Micro Hei", "Noto Sans SC", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei",
             "SimHei", "Heiti SC", "Noto Sans CJK TC", "Noto Sans CJK JP", "Droid Sans Fallback")
LAST = "DejaVu Sans"   # matplotlib's own font, always there: Latin, digits, −, ×
CSS_FONTS = ", ".join(["system-ui", *(f'"{f}"' for f in CJK_FONTS[:6]), '"PingFang SC"', '"Microsoft YaHei"',
                       "sans-serif"])
# file names of the fonts above, for a font cache that predates them
_FILES = re.compile(r"(cjk|sourcehan|wqy|wenquanyi|notosanssc|droidsansfallback|msyh|simhei|pingfang)", re.IGNORECASE)


def known_cjk(manager) -> list[str]:
    """The CJK_FONTS ``manager`` (matplotlib's fontManager) knows, in CJK_FONTS' order."""
    have = {f.name for f in manager.ttflist}
    return [f for f in CJK_FONTS if f in have]


def declare(matplotlib) -> bool:
    """Set matplotlib's fonts to the CJK fonts found, DejaVu Sans last; whether any was found."""
    from matplotlib import font_manager

    manager = font_manager.fontManager
    found = known_cjk(manager)
    if not found:
        for path in font_manager.findSystemFonts():
            if _FILES.search(Path(path).name):
                try:
                    manager.addfont(path)
                except (OSError, RuntimeError, ValueError):   # a damaged or unreadable file: skip it
                    continue
        found = known_cjk(manager)
    matplotlib.rcParams["font.family"] = ["sans-serif"]
    matplotlib.rcParams["font.sans-serif"] = [*found, LAST]
    matplotlib.rcParams["axes.unicode_minus"] = True
    return bool(found)
