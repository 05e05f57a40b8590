"""build.py's pure parts, in CPython: hashes, the service worker's manifest, determinism, the server."""

from __future__ import annotations

import base64
import hashlib
import http.client
import json
from pathlib import Path

import build
import pytest


def integrity_of(data: bytes) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()


def runtime_cached() -> bool:
    return all((build.CACHE / "npm" / package.tarball_name).exists() for package in build.RUNTIME_PACKAGES)


needs_runtime = pytest.mark.skipif(not runtime_cached(), reason="the runtime is not in .cache/ (build.py fetch)")


def test_integrity_accepts_the_right_hash_and_rejects_a_wrong_one_clearly() -> None:
    build.check_integrity(b"tarball", integrity_of(b"tarball"))
    with pytest.raises(build.IntegrityError, match=r"^pyodide\.tgz does not match its pinned sha512 hash"):
        build.check_integrity(b"tampered", integrity_of(b"tarball"), "pyodide.tgz")
    with pytest.raises(build.IntegrityError, match="unsupported integrity"):
        build.check_integrity(b"tarball", "md5-abc")


def test_fetch_without_npm_or_cache_fails_in_one_sentence(tmp_path, monkeypatch, capsys) -> None:
    monkeypatch.setattr(build, "CACHE", tmp_path)
    monkeypatch.setattr(build.shutil, "which", lambda name: None)
    assert build.main(["fetch"]) == 1
    message = capsys.readouterr().err.strip()
    assert message.startswith("fetch: npm is needed to download pyodide@") and message.count("\n") == 0


def test_a_cached_tarball_with_a_wrong_hash_is_not_used(tmp_path, monkeypatch) -> None:
    package = build.NpmPackage("demo", "1.0.0", integrity_of(b"the real tarball"))
    monkeypatch.setattr(build, "CACHE", tmp_path)
    (tmp_path / "npm").mkdir()
    (tmp_path / "npm" / package.tarball_name).write_bytes(b"something else")
    monkeypatch.setattr(build.shutil, "which", lambda name: None)
    with pytest.raises(build.BuildError, match="npm is needed"):
        build.fetch([package], quiet=True)
    assert not (tmp_path / "npm" / package.tarball_name).exists()


@needs_runtime
def test_fetch_reuses_the_cache_without_npm(monkeypatch) -> None:
    monkeypatch.setattr(build.shutil, "which", lambda name: None)
    folders = build.fetch(quiet=True)
    assert (folders["pyodide"] / "pyodide.asm.wasm").is_file()
    assert (folders["@pyscript/core"] / "dist" / "core.js").is_file()


def test_the_precache_manifest_follows_file_contents() -> None:
    site = {"index.html": b"<html>", "runtime/a.js": b"one", "sw.js": b"the worker itself"}
    before = build.precache_manifest(site)
    after = build.precache_manifest({**site, "runtime/a.js": b"two"})
    assert set(before) == {"index.html", "runtime/a.js"}
    assert before["index.html"] == after["index.html"]
    assert before["runtime/a.js"] != after["runtime/a.js"]
    worker = build.render_service_worker((build.ASSETS / "sw.js").read_text(), after)
    assert build.PRECACHE_MARKER not in worker
    assert json.dumps(after, indent=1, sort_keys=True) in worker


def test_the_map_is_inlined_without_its_xml_prolog_or_left_empty() -> None:
    template = (build.ROOT / "index.html").read_text()
    svg = '<?xml version="1.0"?>\n<!DOCTYPE svg>\n<svg id="x"><path d="M0 0"/></svg>\n'
    page = build.render_index(template, svg)
    assert '<div id="map"><svg id="x"><path d="M0 0"/></svg></div>' in page
    assert '<div id="map"></div>' in build.render_index(template, None)
    with pytest.raises(build.BuildError, match="map marker"):
        build.render_index("<html></html>", svg)


def sha256_source(text: str) -> str:
    return f"'sha256-{base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()}'"


def directives(policy: str) -> dict[str, str]:
    return dict(directive.split(" ", 1) for directive in policy.split("; "))


def declared_policy(page: str) -> str:
    policy = build.page_policy(page)
    assert policy is not None, "the page declares no Content-Security-Policy"
    return policy


def test_the_policy_allows_exactly_the_inline_scripts_and_follows_an_edit() -> None:
    template = (build.ROOT / "index.html").read_text()
    scripts = [text for attributes, text in build._SCRIPT.findall(template) if "src=" not in attributes]
    assert len(scripts) == 1, "index.html has one inline script: the loader"
    page = build.render_index(template, "<svg></svg>")
    policy = directives(declared_policy(page))
    assert policy["script-src"] == f"'self' {sha256_source(scripts[0])} 'unsafe-eval'"
    # Change the inline script: the hash follows, and the old one is gone.
    edited = build.render_index(template.replace(scripts[0], scripts[0] + "console.log(1);\n"), "<svg></svg>")
    script_src = directives(declared_policy(edited))["script-src"]
    assert sha256_source(scripts[0] + "console.log(1);\n") in script_src
    assert sha256_source(scripts[0]) not in script_src
    # The policy comes before anything it governs: every stylesheet, preload and script.
    assert page.index('http-equiv="Content-Security-Policy"') < min(page.index("<link"), page.index("<script"))
    assert build.CSP_MARKER not in page and "frame-ancestors" not in declared_policy(page)
    with pytest.raises(build.BuildError, match="content-security-policy marker"):
        build.render_index(template.replace(build.CSP_MARKER, ""), None)


def test_inline_script_hashes_are_the_browsers_hashes() -> None:
    page = (
        '<script src="a.js"></script><script type="py" src="./main.py"></script>'
        "<script>one()\r\ntwo()</script><SCRIPT type=module>three()</SCRIPT><script>one()\ntwo()</script>"
    )
    # Line breaks as the HTML parser leaves them (CRLF becomes LF); a script with src has no text to hash.
    first, second = sha256_source("one()\ntwo()"), sha256_source("three()")
    assert build.inline_script_hashes(page) == [first, second]
    policy = directives(build.content_security_policy(page, header=True))
    assert policy["script-src"] == f"'self' {first} {second} 'unsafe-eval'"
    assert policy["frame-ancestors"] == "'none'" and policy["default-src"] == "'none'"
    assert directives(build.content_security_policy("<p>no script</p>"))["script-src"] == "'self' 'unsafe-eval'"


def test_zips_and_gzips_depend_only_on_their_contents() -> None:
    entries = [("b.py", b"print(2)\n"), ("a/__init__.py", b"")]
    assert build.deterministic_zip(entries) == build.deterministic_zip(list(reversed(entries)))
    assert build.gzip_bytes(b"x" * 5000) == build.gzip_bytes(b"x" * 5000)


def test_the_config_points_pyscript_at_the_local_runtime() -> None:
    config = build._pyscript_toml((build.ROOT / "pyscript.toml").read_text(), {"./app/game.zip": "./*"})
    interpreter = [line for line in config.splitlines() if line.startswith("interpreter")]
    assert interpreter == ['interpreter = "./runtime/pyodide/pyodide.mjs"']
    assert config.rstrip().endswith('[files]\n"./app/game.zip" = "./*"')


@needs_runtime
def test_pyscript_is_shipped_without_the_editor_and_terminal_it_does_not_use() -> None:
    names = build.pyscript_modules(build.PYSCRIPT.unpacked / "dist")
    assert "core.js" in names and any(n.startswith("error-") for n in names)
    assert not any(n.startswith(("codemirror", "xterm", "zip-", "pyodide_graph")) for n in names)


def tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


@needs_runtime
def test_two_builds_of_the_same_inputs_are_byte_identical(tmp_path) -> None:
    first, second = build.build(tmp_path / "one"), build.build(tmp_path / "two")
    one, two = tree(first), tree(second)
    assert sorted(one) == sorted(two)
    assert [name for name in one if one[name] != two[name]] == []
    assert {"index.html", "pyscript.toml", "sw.js", build.APP_ARCHIVE, "runtime/pyodide/pyodide.asm.wasm"} <= set(one)
    siblings = {k for k in one if k.endswith(".gz") and k[:-3] in one}  # what the server sends for another file
    manifest = build.precache_manifest({k: v for k, v in one.items() if k not in siblings})
    assert json.dumps(manifest, indent=1, sort_keys=True) in one["sw.js"].decode()
    assert not any("://" in line for line in one["pyscript.toml"].decode().splitlines())
    page = one["index.html"].decode()
    assert declared_policy(page) == build.content_security_policy(page)
    assert "'sha256-" in directives(declared_policy(page))["script-src"]


@pytest.fixture
def served(tmp_path):
    (tmp_path / "runtime").mkdir()
    (tmp_path / "index.html").write_text("<!doctype html><title>t</title>")
    (tmp_path / "runtime" / "a.mjs").write_text("export const a = 1;\n" * 200)
    (tmp_path / "runtime" / "a.mjs.gz").write_bytes(build.gzip_bytes((tmp_path / "runtime" / "a.mjs").read_bytes()))
    (tmp_path / "runtime" / "b.wasm").write_bytes(b"\0asm\1\0\0\0")
    (tmp_path.parent / "secret.txt").write_text("outside the site")
    with build.serving(tmp_path) as server:
        yield server


def get(server: build.SiteServer, path: str, headers: dict[str, str] | None = None) -> http.client.HTTPResponse:
    host, port = server.server_address[:2]
    connection = http.client.HTTPConnection(str(host), int(port), timeout=10)
    connection.request("GET", path, headers=headers or {})
    response = connection.getresponse()
    response.read()
    return response


def test_the_server_sends_exact_types_gzip_on_request_and_304_for_a_known_etag(served) -> None:
    assert get(served, "/runtime/b.wasm").getheader("Content-Type") == "application/wasm"
    plain = get(served, "/runtime/a.mjs")
    assert plain.getheader("Content-Type").startswith("text/javascript") and plain.getheader("Content-Encoding") is None
    packed = get(served, "/runtime/a.mjs", {"Accept-Encoding": "gzip, br"})
    assert packed.getheader("Content-Encoding") == "gzip"
    assert int(packed.getheader("Content-Length")) < int(plain.getheader("Content-Length"))
    again = get(served, "/runtime/a.mjs", {"If-None-Match": plain.getheader("ETag")})
    assert again.status == 304
    assert get(served, "/").getheader("Content-Type").startswith("text/html")


def test_the_server_sends_a_pages_policy_as_a_header_with_frame_ancestors(served) -> None:
    assert get(served, "/").getheader("Content-Security-Policy") is None  # the page declares none
    policy = build.content_security_policy("<script>go()</script>")
    page = f'<!doctype html><meta http-equiv="Content-Security-Policy" content="{policy}"><script>go()</script>'
    (served.root / "game").mkdir()
    (served.root / "game" / "index.html").write_text(page)
    sent = get(served, "/game/")
    assert sent.getheader("Content-Security-Policy") == policy + "; frame-ancestors 'none'"
    again = get(served, "/game/index.html", {"If-None-Match": sent.getheader("ETag")})
    assert again.status == 304 and again.getheader("Content-Security-Policy") == policy + "; frame-ancestors 'none'"
    assert get(served, "/runtime/a.mjs").getheader("Content-Security-Policy") is None


def test_the_server_answers_404_outside_its_folder_and_for_missing_files(served) -> None:
    assert get(served, "/../secret.txt").status == 404
    assert get(served, "/runtime/%2e%2e/%2e%2e/secret.txt").status == 404
    assert get(served, "/missing.js").status == 404


def test_test_passes_pytest_options_on_and_other_commands_refuse_unknown_ones(monkeypatch, capsys) -> None:
    seen: list[list[str]] = []
    monkeypatch.setattr(build, "test", lambda args: seen.append(list(args)) or 0)
    assert build.main(["test", "-k", "codec", "tests/engine"]) == 0
    assert build.main(["test", "tests/ui", "-x"]) == 0
    assert seen == [["-k", "codec", "tests/engine"], ["tests/ui", "-x"]]
    with pytest.raises(SystemExit):
        build.main(["build", "-k", "codec"])
    assert "unrecognized arguments: -k codec" in capsys.readouterr().err


def test_build_py_examples_hold() -> None:
    import doctest

    assert doctest.testmod(build, optionflags=doctest.ELLIPSIS).failed == 0


def test_the_standard_library_splits_into_the_kept_modules_and_the_rest(tmp_path) -> None:
    kept_file = tmp_path / "kept.txt"
    kept_file.write_text("# a comment\njson.decoder\nre  # trailing words\n")
    kept = build.kept_stdlib_modules(kept_file)
    assert kept == {"json", "json.decoder", "re"}  # a package above a kept module is kept
    assert build.kept_stdlib_modules(tmp_path / "missing.txt") is None
    library = build.deterministic_zip([(name, b"x") for name in (
        "json/__init__.pyc", "json/decoder.pyc", "json/tool.pyc", "re/__init__.pyc", "difflib.pyc",
        "tomllib/mypy.ini")])
    shipped, more, names = build.split_stdlib(library, kept)
    assert build.zipfile.ZipFile(build.io.BytesIO(shipped)).namelist() == [
        "json/__init__.pyc", "json/decoder.pyc", "re/__init__.pyc"]
    assert build.zipfile.ZipFile(build.io.BytesIO(more)).namelist() == ["difflib.pyc", "json/tool.pyc",
                                                                          "tomllib/mypy.ini"]
    assert names == ["difflib", "json.tool"]


def test_the_game_code_a_classic_game_never_runs_is_set_apart() -> None:
    where = {name: build.archive_of(name) for name, _ in build._python_sources()}
    later = [name for name, archive in where.items() if archive == build.APP_MORE]
    tools = [name for name, archive in where.items() if archive == build.APP_TOOLS]
    assert "risk/rules/castle/flow.py" in later and "risk_ui/revised_view.py" in later
    assert "risk_ui/maps_page.py" in later  # imported the first time the Maps page shows
    assert "risk/codec/editions.py" in later  # only the editions' codecs use it
    assert "risk/auto_setup.py" in later  # only the Revised and Castle setups use it
    # A new world is made and drawn offline after the first visit: the generator, the board files' checking and
    # drawing and the importers are precached with the editions, and a classic game imports none of them.
    assert {"risk/importers/trace.py", "risk/importers/cli.py", "risk/boardfile.py", "risk/drawing.py",
            "risk_ui/world_maps.py"} <= set(later)
    assert where["risk_ui/new_world.py"] == build.APP_ARCHIVE  # the dialog's choices, at start-up
    assert where["risk/importers/__init__.py"] == build.APP_ARCHIVE
    assert "risk/worldgen/generator.py" in later and where["risk/worldgen/__init__.py"] == build.APP_ARCHIVE
    assert {"risk_ui/debug.py", "risk/cli.py", "risk/selfplay.py", "risk/__main__.py"} <= set(tools)
    assert not [name for name in later + tools if name.endswith("__init__.py") or name.startswith("risk/maps/")]
    assert where["risk/flow.py"] == where["risk_ui/view.py"] == where["risk/ai/heuristic.py"] == build.APP_ARCHIVE


def test_a_packed_zip_is_a_stored_zip_that_depends_only_on_its_entries() -> None:
    entries = [("b.pyc", b"two" * 100), ("a.pyc", b"one" * 100)]
    packed = build.packed_zip(entries)
    assert packed == build.packed_zip(list(reversed(entries)))
    with build.zipfile.ZipFile(build.io.BytesIO(packed)) as archive:
        assert [(i.filename, i.compress_type) for i in archive.infolist()] == [
            ("a.pyc", build.zipfile.ZIP_STORED), ("b.pyc", build.zipfile.ZIP_STORED)]


def statement_lines(source: str) -> list[tuple[str, int]]:
    """Every statement and expression of a module with its line, docstrings and the pass left for one aside."""
    tree = build.ast.parse(source)
    for node in build.ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], build.ast.Expr) and isinstance(
                body[0].value, build.ast.Constant) and isinstance(body[0].value.value, str):
            node.body = body[1:]
        elif isinstance(body, list) and len(body) == 1 and isinstance(body[0], build.ast.Pass):
            node.body = []
    return [(type(node).__name__, node.lineno) for node in build.ast.walk(tree)
            if isinstance(node, (build.ast.stmt, build.ast.expr))]


def test_minified_sources_keep_every_line_where_it_was() -> None:
    """The sources shipped for code compiled on first use lose docstrings and comments, not a line: a
    traceback from them names the line of the file on the site (app/src/)."""
    modules = [(name, path.read_text(encoding="utf-8"))
               for name, path in build._python_sources() if name.endswith(".py")]
    assert len(modules) > 60
    for name, source in modules:
        small = build.minified_source(source.encode()).decode()
        assert len(small.splitlines()) == len(source.splitlines()), name
        assert "#" not in "".join(line for line in small.splitlines() if line.lstrip().startswith("#")), name
        assert statement_lines(small) == statement_lines(source), name
        compile(small, name, "exec")
    shrunk = sum(len(build.minified_source(source.encode())) for _, source in modules)
    assert shrunk < 0.8 * sum(len(source.encode()) for _, source in modules)


def test_shipped_stylesheets_and_maps_lose_only_comments_and_indentation() -> None:
    css = (build.ASSETS / "style" / "game.css").read_bytes()
    small = build.minified_css(css)
    assert b"/*" not in small and len(small) < 0.9 * len(css)
    assert small.count(b"{") == css.count(b"{") - css.count(b"/*{")  # every rule is still there
    board = (build.SRC / "risk" / "maps" / "castle.json").read_bytes()
    assert json.loads(build.minified_data("risk/x.json", board)) == json.loads(board)
    assert build.minified_data("risk/x.py", b"X = 1\n") == b"X = 1\n"


def test_the_build_draws_each_shipped_board_and_ships_the_engine_its_graph_alone() -> None:
    """The board files are the one source: the site's drawings are board_svg of them (the inlined one too),
    and the engine's archive gets each without its drawing, which the engine never reads."""
    from risk.boardfile import graph_only
    from risk.drawing import board_svg

    files = {path.stem: json.loads(path.read_bytes()) for path in (build.SRC / "risk" / "maps").glob("*.json")}
    drawings = build.board_drawings()
    assert drawings == {f"assets/maps/{name}.svg": board_svg(data).encode() for name, data in files.items()}
    assert build.inlined_map() in drawings
    for name, data in files.items():
        shipped = build.minified_data(f"risk/maps/{name}.json", json.dumps(data).encode())
        assert json.loads(shipped) == graph_only(data) and b"drawing" not in shipped
        assert len(shipped) < 20_000


_UNZSTD_PY = """
from compression import zstd

def unzstd_file(src, dst):
    with open(src, "rb") as source, open(dst, "wb") as target:
        target.write(zstd.decompress(source.read()))
"""


@needs_runtime
def test_the_archives_are_zstandard_frames_of_bytecode_for_start_up_and_sources_for_later() -> None:
    site = build.site_files()
    archives = [build.APP_ARCHIVE, build.APP_MORE, build.APP_TOOLS]
    assert all(site[name][:4] == build.ZSTD_MAGIC for name in archives)
    pyodide_dir = build.fetch(quiet=True)[build.PYODIDE.name]
    unpacked = build.run_in_pyodide(pyodide_dir, _UNZSTD_PY, "unzstd_file", [(n, site[n], ()) for n in archives])
    assert unpacked is not None
    names = {name: build.zipfile.ZipFile(build.io.BytesIO(unpacked[name])).namelist() for name in archives}
    game = set(names[build.APP_ARCHIVE])
    assert {"risk/flow.pyc", "risk_ui/main.pyc", "risk/ai/__init__.pyc", "risk/ai/heuristic.py"} <= game
    assert "risk/flow.py" not in game and "risk/ai/heuristic.pyc" not in game
    assert "risk/rules/castle/flow.py" in names[build.APP_MORE] and "risk_ui/debug.py" in names[build.APP_TOOLS]
    assert not [name for name in names[build.APP_MORE] + names[build.APP_TOOLS] if name.endswith(".pyc")]
    manifest = build.precache_manifest(site)
    assert build.APP_MORE in manifest and build.APP_ARCHIVE in manifest and build.APP_TOOLS not in manifest
    with build.zipfile.ZipFile(build.io.BytesIO(unpacked[build.APP_ARCHIVE])) as archive:
        assert set(archive.read(build.APP_INDEXES[build.APP_TOOLS]).decode().split()) == {
            "risk_ui.debug", "risk.cli", "risk.selfplay", "risk.tournament", "risk.__main__"}
        assert {"risk.boardfile", "risk.drawing", "risk.importers.cli", "risk.importers.domination",
                "risk.importers.errors", "risk.importers.images", "risk.importers.trace", "risk.worldgen.generator",
                "risk.worldgen.names", "risk.worldgen.outline", "risk.worldgen.rng"} <= set(
            archive.read(build.APP_INDEXES[build.APP_MORE]).decode().split())


@needs_runtime
def test_the_page_starts_with_the_entry_script_that_mounts_the_game_then_runs_main() -> None:
    site = build.site_files()
    config = site["pyscript.toml"].decode()
    assert '"./app/game.zip.zst" = "./game.zip.zst"' in config and '"./app/main.py" = "./main.py"' in config
    assert 'src="./app/start.py"' in site["index.html"].decode()
    compile(site[build.ENTRY], build.ENTRY, "exec")
    assert site[build.ENTRY].decode().rstrip().endswith("import main  # noqa: E402,F401")
    shipped = build.zipfile.ZipFile(build.io.BytesIO(site[build.STDLIB_SHIPPED])).namelist()
    assert "json/__init__.pyc" in shipped and "difflib.pyc" not in shipped
    assert build.STDLIB_MORE not in build.precache_manifest(site)


def test_serve_says_each_stage_of_a_build_it_needs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    done: list[str] = []
    monkeypatch.setattr(build, "fetch", lambda quiet=False: done.append("fetch") or {})
    monkeypatch.setattr(build, "build", lambda out=build.DIST: done.append("build") or out)
    said: list[str] = []
    build.build_if_needed(tmp_path, said.append)  # nothing built there yet
    assert done == ["fetch", "build"]
    assert said[0].startswith("fetching the runtime") and "npm and the network" in said[0]
    assert said[1].startswith("building ") and said[2].startswith("built in ")
    said.clear()
    monkeypatch.setattr(build, "needs_build", lambda out=build.DIST: False)
    build.build_if_needed(tmp_path, said.append)
    assert said == [f"{tmp_path}/ is up to date"] and done == ["fetch", "build"]
