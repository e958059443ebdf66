"""A journal written in many scripts, for the font tests and the benchmark: the 1572 example save
with its title, player and first days rewritten. Each entry: (name, paragraph, words to find)."""
from __future__ import annotations

from pathlib import Path

import yaml

SCRIPTS = (
    ("japanese", "今日は川に沿って歩いた。山の上から海が見えた。", ("川に沿って歩いた",)),
    ("chinese", "我们在雨中休息了一天，猎人带回了两只鹿。", ("猎人带回了两只鹿",)),
    ("korean", "우리는 강을 따라 남쪽으로 걸었다.", ("강을 따라", "남쪽으로")),
    ("arabic", "مشينا على طول النهر حتى المساء", ("مشينا على طول النهر",)),
    ("hebrew", "הלכנו לאורך הנהר עד הערב", ("הלכנו לאורך הנהר",)),
    ("hindi", "हम शाम तक नदी के किनारे चले", ("नदी के किनारे",)),
    ("thai", "เราเดินไปตามแม่น้ำจนถึงเย็น", ("เราเดินไปตามแม่น้ำ",)),
    ("greek", "Περπατήσαμε κατά μήκος του ποταμού.", ("Περπατήσαμε κατά μήκος",)),
    ("russian", "Мы шли вдоль реки до самого вечера.", ("Мы шли вдоль реки",)),
    ("emoji", "Camp tonight 🔥 then the river 🌊 and a feast 🍖.", ("🔥", "🌊", "🍖")),
)
TITLE = "Journey 旅 رحلة"
PLAYER = "Tomás שלום"


def write_save(folder: Path, example: Path) -> Path:
    data = yaml.safe_load(example.read_text(encoding="utf-8"))
    data["title"] = TITLE
    data["player"] = PLAYER
    for day, (_, text, _) in zip(data["days"], SCRIPTS):
        day["journal"] = text
    path = Path(folder) / "scripts.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path
