"""The package as a user installs it: build the wheel, install it into a fresh virtual
environment outside the repository, and run the README's quick start and every example
from it under ``python -X dev`` (which shows every ResourceWarning)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import sysconfig
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((REPO / "examples").glob("*.py"))


def _run(args: list[str], cwd: Path, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("OPENAI_API_KEY", "ANTHROPIC_API_KEY", "PYTHONPATH")}
    return subprocess.run(args, cwd=cwd, capture_output=True, text=True, timeout=timeout, env=env)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    # The README's command as printed, run from the repository root (only the output
    # directory differs, so the checkout gets no dist/).
    result = _run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", ".", "-w", str(out)],
        cwd=REPO,
    )
    assert result.returncode == 0, result.stderr
    (built,) = out.glob("spring_ai_py-*.whl")
    return built


@pytest.fixture(scope="module")
def venv_python(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A fresh venv with the wheel installed; the dependencies come from this
    interpreter's site-packages through a plain path entry (so no editable finder of the
    development install is active there)."""
    root = tmp_path_factory.mktemp("venv")
    result = _run([sys.executable, "-m", "venv", "--without-pip", str(root)], cwd=root)
    assert result.returncode == 0, result.stderr
    python = root / "bin" / "python"
    target = _run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], cwd=root
    ).stdout.strip()
    Path(target, "_dev_dependencies.pth").write_text(
        sysconfig.get_paths()["purelib"] + "\n", encoding="utf-8"
    )
    result = _run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps",
         "--quiet", str(wheel)],
        cwd=root,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    yield python


def test_wheel_holds_the_package_the_license_and_typing_marker_but_no_tests(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    assert "spring_ai_py/py.typed" in names
    assert "spring_ai_py/chat/client/chat_client.py" in names
    assert not [n for n in names if n.startswith("tests/")]
    assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names)
    metadata = next(n for n in names if n.endswith(".dist-info/METADATA"))
    text = zipfile.ZipFile(wheel).read(metadata).decode()
    assert "License-Expression: Apache-2.0" in text
    assert "Provides-Extra: test" in text
    entry_points = zipfile.ZipFile(wheel).read(metadata.replace("METADATA", "entry_points.txt"))
    assert b"spring_ai_py = spring_ai_py.test.pytest_plugin" in entry_points


def test_installed_package_is_the_wheel_not_the_checkout(venv_python: Path, tmp_path: Path) -> None:
    result = _run(
        [str(venv_python), "-c", "import spring_ai_py; print(spring_ai_py.__file__, spring_ai_py.__version__)"],
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    location, version = result.stdout.split()
    assert str(REPO) not in location
    assert re.fullmatch(r"\d+\.\d+\.\d+", version)


def test_readme_quick_start_runs_from_the_wheel(venv_python: Path, tmp_path: Path) -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    quick_start = readme.split("## Quick start", 1)[1]
    block = re.search(r"```python\n(.*?)```", quick_start, re.DOTALL)
    assert block is not None
    script = tmp_path / "quick_start.py"
    script.write_text(block.group(1), encoding="utf-8")
    result = _run([str(venv_python), "-X", "dev", "-W", "error::ResourceWarning", str(script)], cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip()
    assert "ResourceWarning" not in result.stderr


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.name for e in EXAMPLES])
def test_example_runs_from_the_wheel_without_resource_warnings(
    venv_python: Path, tmp_path: Path, example: Path
) -> None:
    result = _run([str(venv_python), "-X", "dev", str(example)], cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip()
    assert "ResourceWarning" not in result.stderr, result.stderr


def _readme_commands(section: str) -> list[str]:
    """The commands of the first ``bash`` block after ``## <section>``, comments dropped."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    block = re.search(r"```bash\n(.*?)```", readme.split(f"## {section}", 1)[1], re.DOTALL)
    assert block is not None
    lines = (line.split("#", 1)[0].strip() for line in block.group(1).splitlines())
    return [line for line in lines if line]


def test_readme_install_commands_are_run_from_the_repository_root(wheel: Path) -> None:
    assert _readme_commands("Install") == [
        "pip install .",
        "pip install '.[postgres,config]'",
        "pip wheel --no-deps . -w dist",
        f"pip install 'dist/{wheel.name}[postgres]'",
    ]


def test_readme_has_exactly_two_set_up_commands() -> None:
    assert _readme_commands("Set up") == ["make demo", "make test"]


def test_readme_says_what_local_embeddings_costs() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    install = readme.split("## Install", 1)[1].split("\n## ", 1)[0]
    assert "`local-embeddings` brings PyTorch" in install
