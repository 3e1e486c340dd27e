"""The message catalogues (herotable/messages/*.json) and the browser client's source:
every catalogue has English's keys and placeholders, every key the JavaScript asks for exists,
and no text a person reads is written into the JavaScript or the HTML instead of a catalogue.

The JavaScript is read with a small scanner (strings, template literals, comments, regular
expressions), enough for this client's plain modern JS; htm templates (html`...`) are checked
as markup: their text between tags and their readable attributes.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from herotable.bots.registry import bot_names
from herotable.cartographers.catalog import catalog_json
from herotable.registry import games

STATIC = Path(__file__).resolve().parent.parent / "herotable" / "web" / "static"
I18N = Path(__file__).resolve().parent.parent / "herotable" / "messages"
PLURAL_FORMS = {"zero", "one", "two", "few", "many", "other"}
PLACEHOLDER = re.compile(r"\{(\w+)\}")
# Attributes a person reads (or hears, from a screen reader).
READABLE_ATTRIBUTES = ("title", "aria-label", "aria-description", "placeholder", "alt", "label")
# Words allowed as literal text: the product's name, which no language translates.
ALLOWED_WORDS = {"herotable"}


def catalogue(code: str) -> dict:
    return json.loads((I18N / f"{code}.json").read_text("utf-8"))


def catalogues() -> list[str]:
    return sorted(p.stem for p in I18N.glob("*.json"))


def is_plural(node: object) -> bool:
    return isinstance(node, dict) and bool(node) and set(node) <= PLURAL_FORMS and "other" in node


def messages(node: dict, prefix: str = "") -> dict[str, str | dict[str, str]]:
    """Flat keys to messages; a plural message (one/few/many/other) is one message."""
    flat: dict[str, str | dict[str, str]] = {}
    for key, value in node.items():
        path = f"{prefix}{key}"
        if isinstance(value, dict) and not is_plural(value):
            flat.update(messages(value, f"{path}."))
        else:
            flat[path] = value
    return flat


def forms(message: str | dict[str, str]) -> list[str]:
    return list(message.values()) if isinstance(message, dict) else [message]


def placeholders(message: str | dict[str, str]) -> set[str]:
    return {name for text in forms(message) for name in PLACEHOLDER.findall(text)}


# ---------------------------------------------------------------- the catalogues


@pytest.mark.parametrize("code", [c for c in catalogues() if c != "en"])
def test_every_catalogue_has_exactly_englishs_keys(code):
    english, other = messages(catalogue("en")), messages(catalogue(code))
    assert sorted(set(english) - set(other)) == [], f"missing in {code}.json"
    assert sorted(set(other) - set(english)) == [], f"only in {code}.json"


@pytest.mark.parametrize("code", [c for c in catalogues() if c != "en"])
def test_every_placeholder_of_english_is_in_the_translation(code):
    english, other = messages(catalogue("en")), messages(catalogue(code))
    for key, message in english.items():
        for text in forms(other.get(key, "")):
            assert placeholders(message) <= placeholders(text), (code, key, text)


@pytest.mark.parametrize("code", catalogues())
def test_every_message_is_text_and_plurals_have_other(code):
    for key, message in messages(catalogue(code)).items():
        assert all(isinstance(text, str) for text in forms(message)), (code, key)
        if isinstance(message, dict):
            assert "other" in message, (code, key)


@pytest.mark.parametrize("code", catalogues())
def test_every_catalogue_names_its_language(code):
    name = catalogue(code)["language"]["name"]
    assert isinstance(name, str) and name.strip()


def test_the_server_lists_the_catalogues(tmp_path):
    from fastapi.testclient import TestClient

    from herotable.server.app import create_app
    from herotable.server.settings import Settings

    url = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    with TestClient(create_app(Settings(database_url=url))) as client:
        meta = client.get("/api/meta").json()
    assert meta["languages"] == catalogues()
    assert meta["language_names"] == {c: catalogue(c)["language"]["name"] for c in catalogues()}


# ---------------------------------------------------------------- a scanner for the JS


@dataclass
class Template:
    tag: str  # the identifier before the backtick ("html"), or ""
    parts: list[str]  # literal text between the ${...} expressions
    exprs: list[str]  # the expressions' source
    line: int
    context: str  # the 40 characters of code before it


@dataclass
class Scan:
    strings: list[tuple[str, int, str]] = field(default_factory=list)  # (text, line, context)
    templates: list[Template] = field(default_factory=list)


REGEX_BEFORE = set("(,=:[!&|?{};+-*%<>~^") | {""}
REGEX_KEYWORDS = {"return", "typeof", "case", "do", "else", "in", "of", "new", "delete", "void"}


def scan_js(source: str) -> Scan:
    """Every string literal and template literal of `source`, nested ones included; for each
    string, the 40 characters of code before it (its context)."""
    found = Scan()
    _scan(source, 0, len(source), found, source)
    return found


def _line(source: str, at: int) -> int:
    return source.count("\n", 0, at) + 1


def _scan(src: str, i: int, end: int, found: Scan, whole: str, offset: int = 0) -> int:
    """Scan src[i:end]; stops early at an unbalanced '}' (the end of a ${...}) and returns
    its index."""
    depth = 0
    last = ""  # the last significant token, to tell a regex from a division
    while i < end:
        c = src[i]
        if c in " \t\r\n":
            i += 1
            continue
        if src.startswith("//", i):
            i = src.find("\n", i)
            i = end if i < 0 else i
            continue
        if src.startswith("/*", i):
            i = src.index("*/", i) + 2
            continue
        if c in "'\"":
            j = i + 1
            while src[j] != c:
                j += 2 if src[j] == "\\" else 1
            context = src[max(0, i - 40):i]
            found.strings.append((src[i + 1:j], _line(whole, offset + i), context))
            i, last = j + 1, "str"
            continue
        if c == "`":
            tag_match = re.search(r"([\w$.]*)\s*$", src[max(0, i - 40):i])
            i = _template(src, i, found, whole, offset, tag_match.group(1) if tag_match else "")
            last = "str"
            continue
        if c == "/" and (last in REGEX_BEFORE or last in REGEX_KEYWORDS):
            j, in_class = i + 1, False
            while in_class or src[j] != "/":
                if src[j] == "\\":
                    j += 1
                elif src[j] == "[":
                    in_class = True
                elif src[j] == "]":
                    in_class = False
                j += 1
            i = j + 1
            while i < end and src[i].isalpha():
                i += 1
            last = "regex"
            continue
        if c == "{":
            depth += 1
        elif c == "}":
            if depth == 0:
                return i
            depth -= 1
        word = re.match(r"[\w$]+", src[i:])
        if word:
            last = word.group(0)
            i += len(last)
            continue
        last = c
        i += 1
    return i


def _template(src: str, i: int, found: Scan, whole: str, offset: int, tag: str) -> int:
    """Read the template literal opening at src[i]; returns the index after its backtick."""
    parts: list[str] = []
    exprs: list[str] = []
    start = i
    i += 1
    text = []
    while True:
        c = src[i]
        if c == "\\":
            text.append(src[i:i + 2])
            i += 2
        elif c == "`":
            parts.append("".join(text))
            break
        elif src.startswith("${", i):
            parts.append("".join(text))
            text = []
            close = _scan(src, i + 2, len(src), found, whole, offset)
            exprs.append(src[i + 2:close])
            i = close + 1
        else:
            text.append(c)
            i += 1
    found.templates.append(Template(tag, parts, exprs, _line(whole, offset + start),
                                    src[max(0, start - 40):start]))
    return i + 1


# ---------------------------------------------------------------- what counts as UI text

WORD = re.compile(r"[^\W\d_]{2,}")
TAG = re.compile(r"<[^<>]*>")
HOLE = "\x00"


def css_classes() -> set[str]:
    return set(re.findall(r"\.([a-zA-Z][\w-]*)", (STATIC / "style.css").read_text("utf-8")))


CSS_CLASSES = css_classes()


def looks_like_prose(text: str) -> bool:
    """Words a person would read in a string literal: two words at least. Keys, identifiers,
    URLs and the engine's action notation ("draw forest A1 A2": one word, then cells) are not
    prose; nor is a list of the style sheet's class names."""
    tokens = [token for token in text.split() if HOLE not in token]
    if sum(1 for token in tokens if WORD.search(token)) < 2:
        return False
    return not all(token in CSS_CLASSES for token in tokens)


def markup_text(template: Template) -> tuple[list[str], list[str]]:
    """The text between tags and the readable attributes' literal values of an htm
    template, with each ${...} replaced by a hole."""
    markup = HOLE.join(template.parts)
    attributes = []
    for tag in TAG.findall(markup):
        for name in READABLE_ATTRIBUTES:
            for match in re.finditer(rf'\s{name}=(?:"([^"]*)"|\'([^\']*)\'|([^\s>{HOLE}]+))', tag):
                attributes.append(next(g for g in match.groups() if g is not None))
    texts = [t for t in TAG.sub(HOLE, markup).split(HOLE) if t.strip()]
    return texts, attributes


def words(text: str) -> set[str]:
    return {w for w in WORD.findall(text) if w not in ALLOWED_WORDS}


def class_expressions(template: Template) -> set[int]:
    """The indexes of expressions that give a class (class=${...})."""
    return {k for k, part in enumerate(template.parts[:-1])
            if re.search(r"\bclass(Name)?=$", part)}


def literal_ui_text(source: str) -> list[str]:
    """Problems: text a person reads written into `source` (a JS module)."""
    problems = []
    found = scan_js(source)
    # Sources of expressions that only build class names: their strings are not UI text.
    class_code = [template.exprs[k] for template in found.templates if template.tag == "html"
                  for k in class_expressions(template)]
    for template in found.templates:
        if template.tag == "html":
            texts, attributes = markup_text(template)
            for text in texts:
                if words(text):
                    problems.append(f"line {template.line}: text between tags {text.strip()!r}")
            for value in attributes:
                if words(value):
                    problems.append(f"line {template.line}: attribute text {value!r}")
        elif not any(template_source(template) in code for code in class_code):
            text = HOLE.join(template.parts)
            if looks_like_prose(text) and not developer_message(template.context):
                problems.append(f"line {template.line}: template text {text!r}")
    for text, line, context in found.strings:
        if not looks_like_prose(text) or developer_message(context):
            continue
        if any(f"'{text}'" in code or f'"{text}"' in code for code in class_code):
            continue
        problems.append(f"line {line}: string {text!r}")
    return problems


def template_source(template: Template) -> str:
    out = template.parts[0]
    for expr, part in zip(template.exprs, template.parts[1:], strict=True):
        out += "${" + expr + "}" + part
    return "`" + out + "`"


def developer_message(context: str) -> bool:
    """Messages for developers (errors thrown, the console), not the page."""
    return bool(re.search(r"(new \w*Error\(|console\.\w+\()[^()]*$", context))


def js_files() -> list[Path]:
    return sorted(p for p in STATIC.rglob("*.js") if "vendor" not in p.parts)


def test_the_scanner_finds_literal_ui_text():
    assert literal_ui_text("const x = html`<p>Hello there</p>`;")
    assert literal_ui_text("const x = html`<p class=${c}>Hello</p>`;")
    assert literal_ui_text("const x = html`<button title=\"Turn it\">${t('a.b')}</button>`;")
    assert literal_ui_text("const x = html`<b>${n} moves</b>`;")
    assert literal_ui_text("setError('Something went wrong');")
    assert literal_ui_text("const x = `${n} moves left`;")
    assert not literal_ui_text("const x = html`<p class=\"muted big\">${t('a.b')}</p>`;")
    assert not literal_ui_text(
        "const x = html`<li class=${on ? 'pip on' : `pip ${k}`}>◀ ${t('a')} ✓<span>R</span></li>`;")
    assert not literal_ui_text("throw new Error(`catalogue ${code}: failed`);")
    assert not literal_ui_text("const re = /\\{(\\w+)\\} it's/g; const s = 'a.b';")
    assert not literal_ui_text("// a comment with words\nconst s = 'x';")


@pytest.mark.parametrize("path", js_files(), ids=lambda p: str(p.relative_to(STATIC)))
def test_no_literal_ui_text_in_the_javascript(path):
    assert literal_ui_text(path.read_text("utf-8")) == []


def test_no_literal_ui_text_in_the_html_page():
    page = (STATIC / "index.html").read_text("utf-8")
    body = re.sub(r"<(script|style)\b.*?</\1>", "", page, flags=re.S)
    texts = [t for t in TAG.sub(HOLE, body).split(HOLE) if words(t)]
    assert texts == []


# ---------------------------------------------------------------- the keys the JS uses

CALL = re.compile(r"(?<![\w$.])(t|has)\(")


def first_argument(source: str, start: int) -> str:
    """The source of the first argument of the call whose '(' is at source[start - 1]."""
    depth, i = 0, start
    while i < len(source):
        c = source[i]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            if depth == 0:
                break
            depth -= 1
        elif c == "," and depth == 0:
            break
        elif c in "'\"`":
            quote, i = c, i + 1
            while source[i] != quote:
                i += 2 if source[i] == "\\" else 1
        i += 1
    return source[start:i]


def used_keys(source: str) -> tuple[set[str], set[str]]:
    """(plain keys, key patterns): the string literals in the first argument of every t() or
    has() call, a template literal's ${...} standing for one key segment."""
    plain, patterns = set(), set()
    for match in CALL.finditer(source):
        argument = first_argument(source, match.end())
        for quote, text in re.findall(r"(['\"`])((?:(?!\1).)*)\1", argument):
            if quote == "`" and "${" in text:
                pattern = re.escape(re.sub(r"\$\{[^}]*\}", HOLE, text)).replace(HOLE, "[^.]+")
                patterns.add(pattern)
            elif re.fullmatch(r"[a-z_]+(\.[\w+-]+)+", text):
                plain.add(text)
    return plain, patterns


def all_used_keys() -> tuple[set[str], set[str]]:
    plain, patterns = set(), set()
    for path in js_files():
        p, q = used_keys(path.read_text("utf-8"))
        plain |= p
        patterns |= q
    return plain, patterns


def test_the_key_finder_sees_plain_keys_ternaries_and_families():
    plain, patterns = used_keys(
        "t('a.b'); t(x ? 'c.d' : 'e.f', { n: 'x y' }); has(`scoring.${id}.text`); it('z')")
    assert plain == {"a.b", "c.d", "e.f"}
    assert patterns == {r"scoring\.[^.]+\.text"}


def test_every_plain_key_the_javascript_uses_is_in_english():
    english = messages(catalogue("en"))
    plain, _ = all_used_keys()
    assert plain, "the scan found no keys"
    assert sorted(plain - set(english)) == []


def test_every_key_family_the_javascript_builds_has_english_keys():
    english = messages(catalogue("en"))
    _, patterns = all_used_keys()
    assert patterns
    for pattern in patterns:
        assert any(re.fullmatch(pattern, key) for key in english), pattern


def test_the_families_built_from_ids_cover_every_id():
    """Keys built from data ids: each id of the data has its message."""
    english = messages(catalogue("en"))
    catalog = catalog_json()
    for card_id in catalog["scoring"]:
        assert f"scoring.{card_id}.text" in english, card_id
    printed = [cell["terrain"] for cell in catalog["map_letters"].values()]
    for terrain in [*catalog["terrains"], *printed]:
        assert f"terrain.{terrain}" in english, terrain
    for ambush in catalog["ambushes"].values():
        assert f"effect.{ambush['effect']}" in english
        assert f"ambush.{ambush['direction']}" in english
    for kind in ("explore", "hero", "ambush", "ruins"):
        assert f"card.kind.{kind}" in english
    for letter in "ABCD":
        assert f"edict.letter.{letter}" in english
    for info in games():
        assert f"game.{info.name}" in english
        for bot in bot_names(info.name):
            assert f"bot.{bot}" in english, (info.name, bot)
            assert f"bot_name.{bot}" in english, (info.name, bot)
        for option in info.options:
            if option.name in ("players", "names") or option.local_only:
                continue
            for part in ("label", "help"):
                assert f"option.{info.name}.{option.name}.{part}" in english, (option.name, part)
            if option.name != "side":  # the sides are named by the catalogue
                for choice in option.choices:
                    assert f"option.{info.name}.{option.name}.choice.{choice}" in english
    for option in ("seasons", "explore"):  # the lobby offers the catalogue's boxes
        for box in catalog["seasons"]:
            assert f"option.cartographers.{option}.choice.{box}" in english
    for box in catalog["presets"]["heroes+base"]["ambush_boxes"] + ["promo"]:
        assert f"setup.box.{box}" in english
