"""What an executed notebook printed, cell by cell, for the tests that read it (the teacher's
run of 06_classroom in tests/test_classroom.py, the student copy's in
tests/test_strip_solutions.py)."""

from __future__ import annotations


def outputs(result) -> list[tuple[str, str]]:
    """(cell source, output text) for every output of an executed notebook (a
    :class:`hoyito_edu.publish.run.RunResult`)."""
    found = []
    for cell in result.nb.cells:
        if cell.cell_type != "code":
            continue
        for out in cell.outputs:
            data = out.get("data", {})
            text = out.get("text", "") + data.get("text/markdown", "")
            found.append((cell.source, text + str(data.get("text/plain", ""))))
    return found
