"""Drives `notez lsp` with the pygls client (PyPI `pygls`, pinned in the Makefile) on a copy of
ExampleVault: every request notez answers, diagnostics after an unsaved change and after a change
on disk by another program, a journaled rename undone by `notez undo`, and hostile input (a URI
outside the vault and into .git/, a change range outside the document, requests after shutdown).

Usage: python pygls_client_check.py NOTEZ_BINARY VAULT
Prints `ok NAME` or `FAILED NAME: why` per check and `N passed, M failed` last; exits 1 on a failure.
"""

import asyncio
import os
import subprocess
import sys
import time

from lsprotocol import types as t
from pygls.lsp.client import LanguageClient

BINARY, VAULT = sys.argv[1], sys.argv[2]
passed, failed = 0, 0


def check(name, condition, detail=""):
    global passed, failed
    if condition:
        passed += 1
        print(f"ok {name}", flush=True)
    else:
        failed += 1
        print(f"FAILED {name}: {detail}", flush=True)


def uri(path):
    return "file://" + os.path.join(VAULT, path).replace(" ", "%20")


def write(path, text):
    full = os.path.join(VAULT, path)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    with open(full, "w", encoding="utf-8") as f:
        f.write(text)


def read(path):
    with open(os.path.join(VAULT, path), encoding="utf-8") as f:
        return f.read()


write("LSP/Hub.md", "---\ntags: [lsp-check]\n---\n# Hub\n\n## Section one\n\nA paragraph. ^para1\n\n> [!note]\n> a callout\n> more\n")
write("LSP/Spoke.md", "# Spoke\nSee [[Hub]] and [[Hub#Section one]] and [[Hub#^para1]].\n#lsp-check\n")
write("LSP/Other.md", "Also [[Hub]].\n")
with open(os.path.join(VAULT, ".notez/config.yaml"), "a", encoding="utf-8") as f:
    f.write("properties:\n  LSP:\n    status: {type: select, options: [todo, doing, done]}\n")

diagnostics = {}
messages = []
applied = []


async def wait_for(predicate, seconds=10.0):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if predicate():
            return True
        await asyncio.sleep(0.05)
    return predicate()


async def main():
    client = LanguageClient("notez-pygls-check", "1")

    @client.feature(t.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def on_diagnostics(params: t.PublishDiagnosticsParams):
        diagnostics[params.uri] = params.diagnostics

    @client.feature(t.WINDOW_SHOW_MESSAGE)
    def on_message(params: t.ShowMessageParams):
        messages.append(params.message)

    @client.feature(t.WORKSPACE_APPLY_EDIT)
    def on_apply(params: t.ApplyWorkspaceEditParams):
        applied.append(params.edit)
        return t.ApplyWorkspaceEditResult(applied=True)

    await client.start_io(BINARY, "lsp")
    result = await client.initialize_async(
        t.InitializeParams(
            capabilities=t.ClientCapabilities(general=t.GeneralClientCapabilities(position_encodings=[t.PositionEncodingKind.Utf16])),
            root_uri="file://" + VAULT,
            workspace_folders=[t.WorkspaceFolder(uri="file://" + VAULT, name="vault")],
        )
    )
    client.initialized(t.InitializedParams())
    caps = result.capabilities
    check("initialize: utf-16 and features", caps.position_encoding == "utf-16" and caps.hover_provider and caps.rename_provider is not None, str(caps))

    spoke = uri("LSP/Spoke.md")
    text = read("LSP/Spoke.md")
    client.text_document_did_open(t.DidOpenTextDocumentParams(text_document=t.TextDocumentItem(uri=spoke, language_id="markdown", version=1, text=text)))
    await wait_for(lambda: spoke in diagnostics)
    check("diagnostics on open: none for good links", spoke in diagnostics and len(diagnostics[spoke]) == 0, str(diagnostics.get(spoke)))

    # An unsaved change: a broken link and a near-duplicate tag (`lsp_check` beside `lsp-check`).
    diagnostics.pop(spoke, None)
    client.text_document_did_change(
        t.DidChangeTextDocumentParams(
            text_document=t.VersionedTextDocumentIdentifier(uri=spoke, version=2),
            content_changes=[t.TextDocumentContentChangePartial(range=t.Range(start=t.Position(line=2, character=0), end=t.Position(line=2, character=0)), text="[[Nowhere]] #lsp_check é😀 \n")],
        )
    )
    await wait_for(lambda: spoke in diagnostics)
    codes = sorted(d.code for d in diagnostics.get(spoke, []))
    check("diagnostics after an unsaved change", codes == ["broken-link", "near-duplicate-tag"], str(diagnostics.get(spoke)))
    broken = [d for d in diagnostics.get(spoke, []) if d.code == "broken-link"]
    check("broken link range in utf-16", broken and broken[0].range.start == t.Position(line=2, character=0) and broken[0].range.end == t.Position(line=2, character=11), str(broken))
    dup = [d for d in diagnostics.get(spoke, []) if d.code == "near-duplicate-tag"]
    # After "[[Nowhere]] #lsp_check é😀 " the utf-16 columns: é is 1 unit, 😀 is 2.
    check("near-duplicate tag range", dup and dup[0].range.start.character == 12 and dup[0].range.end.character == 22, str(dup))

    # Completion after `[[` on the line with non-ASCII text before the cursor.
    line2 = "[[Nowhere]] #lsp_check é😀 "
    col = len(line2.encode("utf-16-le")) // 2
    client.text_document_did_change(
        t.DidChangeTextDocumentParams(
            text_document=t.VersionedTextDocumentIdentifier(uri=spoke, version=3),
            content_changes=[t.TextDocumentContentChangePartial(range=t.Range(start=t.Position(line=2, character=col), end=t.Position(line=2, character=col)), text="[[Hu")],
        )
    )
    completion = await client.text_document_completion_async(t.CompletionParams(text_document=t.TextDocumentIdentifier(uri=spoke), position=t.Position(line=2, character=col + 4)))
    labels = [i.label for i in completion.items]
    first = completion.items[0] if completion.items else None
    check("completion after [[", labels[:1] == ["Hub"] and first.text_edit.new_text == "Hub]]" and first.text_edit.range.start.character == col + 2, str(labels[:5]))

    comp_heading = await client.text_document_completion_async(t.CompletionParams(text_document=t.TextDocumentIdentifier(uri=spoke), position=t.Position(line=1, character=len("See [[Hub]] and [[Hub#Sec"))))
    check("completion of headings", [i.label for i in comp_heading.items] == ["Section one"], str([i.label for i in comp_heading.items]))
    comp_block = await client.text_document_completion_async(t.CompletionParams(text_document=t.TextDocumentIdentifier(uri=spoke), position=t.Position(line=1, character=len("See [[Hub]] and [[Hub#Section one]] and [[Hub#^"))))
    check("completion of block ids", [i.label for i in comp_block.items] == ["^para1"], str([i.label for i in comp_block.items]))
    comp_tag = await client.text_document_completion_async(t.CompletionParams(text_document=t.TextDocumentIdentifier(uri=spoke), position=t.Position(line=3, character=len("#lsp"))))
    check("completion of tags with counts", comp_tag.items and comp_tag.items[0].label == "lsp-check" and "2 notes" in (comp_tag.items[0].detail or ""), str([(i.label, i.detail) for i in comp_tag.items[:3]]))

    # Front matter completion in a new, unsaved note of the LSP folder.
    fresh = uri("LSP/Fresh.md")
    client.text_document_did_open(t.DidOpenTextDocumentParams(text_document=t.TextDocumentItem(uri=fresh, language_id="markdown", version=1, text="---\nstatus: do\ntags: [lsp\n---\nbody\n")))
    comp_value = await client.text_document_completion_async(t.CompletionParams(text_document=t.TextDocumentIdentifier(uri=fresh), position=t.Position(line=1, character=10)))
    # Prefix matches first, then `todo` (it contains `do`).
    check("completion of schema values", sorted(i.label for i in comp_value.items[:2]) == ["doing", "done"] and [i.label for i in comp_value.items][2:] == ["todo"], str([i.label for i in comp_value.items]))
    comp_fm_tag = await client.text_document_completion_async(t.CompletionParams(text_document=t.TextDocumentIdentifier(uri=fresh), position=t.Position(line=2, character=10)))
    check("completion of tags: values", comp_fm_tag.items and comp_fm_tag.items[0].label == "lsp-check", str([i.label for i in comp_fm_tag.items[:3]]))

    # Definition: the note, the heading, the block.
    hub = uri("LSP/Hub.md")
    for name, character, line in [("note", 7, 0), ("heading", 20, 5), ("block", 43, 7)]:
        found = await client.text_document_definition_async(t.DefinitionParams(text_document=t.TextDocumentIdentifier(uri=spoke), position=t.Position(line=1, character=character)))
        location = found[0] if isinstance(found, list) else found
        check(f"definition of a link to a {name}", location is not None and location.uri == hub and location.range.start.line == line, str(found))

    # References: backlinks of Hub (from a link to it) and every note with a tag.
    refs = await client.text_document_references_async(t.ReferenceParams(text_document=t.TextDocumentIdentifier(uri=spoke), position=t.Position(line=1, character=7), context=t.ReferenceContext(include_declaration=False)))
    where = sorted((r.uri.rsplit("/", 1)[-1], r.range.start.line) for r in refs)
    check("references of a note: backlinks with lines", where == [("Other.md", 0), ("Spoke.md", 1), ("Spoke.md", 1), ("Spoke.md", 1)], str(where))
    tag_refs = await client.text_document_references_async(t.ReferenceParams(text_document=t.TextDocumentIdentifier(uri=spoke), position=t.Position(line=3, character=3), context=t.ReferenceContext(include_declaration=True)))
    check("references of a tag: front matter and inline", sorted(r.uri.rsplit("/", 1)[-1] for r in tag_refs) == ["Hub.md", "Spoke.md"], str(tag_refs))

    hover = await client.text_document_hover_async(t.HoverParams(text_document=t.TextDocumentIdentifier(uri=spoke), position=t.Position(line=1, character=7)))
    check("hover on a link", hover is not None and "**Hub**" in hover.contents.value and "LSP" in hover.contents.value and "#lsp-check" in hover.contents.value, str(hover))
    hover_tag = await client.text_document_hover_async(t.HoverParams(text_document=t.TextDocumentIdentifier(uri=spoke), position=t.Position(line=3, character=3)))
    check("hover on a tag", hover_tag is not None and "2 notes" in hover_tag.contents.value, str(hover_tag))

    symbols = await client.text_document_document_symbol_async(t.DocumentSymbolParams(text_document=t.TextDocumentIdentifier(uri=hub)))
    check("document symbols", [s.name for s in symbols] == ["Hub"] and [c.name for c in symbols[0].children] == ["Section one"], str(symbols))
    wsym = await client.workspace_symbol_async(t.WorkspaceSymbolParams(query="spoke"))
    check("workspace symbols", wsym and wsym[0].name == "Spoke", str(wsym))
    links = await client.text_document_document_link_async(t.DocumentLinkParams(text_document=t.TextDocumentIdentifier(uri=spoke)))
    check("document links", len(links) == 3 and all(l.target == hub for l in links), str(links))
    folds = await client.text_document_folding_range_async(t.FoldingRangeParams(text_document=t.TextDocumentIdentifier(uri=hub)))
    spans = sorted((f.start_line, f.end_line) for f in folds)
    check("folding ranges: front matter and callout", (0, 2) in spans and (9, 11) in spans, str(spans))

    # Code actions: replace the near-duplicate tag; create the missing note; add front matter.
    actions = await client.text_document_code_action_async(t.CodeActionParams(text_document=t.TextDocumentIdentifier(uri=spoke), range=t.Range(start=t.Position(line=2, character=0), end=t.Position(line=2, character=0)), context=t.CodeActionContext(diagnostics=diagnostics.get(spoke, []))))
    titles = sorted(a.title for a in actions)
    check("code actions offered", "Replace with #lsp-check" in titles and "Create note 'Nowhere'" in titles and "Add front matter" in titles, str(titles))
    create = [a for a in actions if a.title == "Create note 'Nowhere'"]
    check("create-note is a command with the target and the linking note", create and create[0].command == "notez.createNote" and list(create[0].arguments) == ["Nowhere", "LSP/Spoke.md"], repr(create))
    if create:
        await client.workspace_execute_command_async(t.ExecuteCommandParams(command=create[0].command, arguments=create[0].arguments))
    check("create-note action writes the note in the folder", os.path.exists(os.path.join(VAULT, "LSP/Nowhere.md")), str(os.listdir(os.path.join(VAULT, "LSP"))))
    # The watcher sees the new note: the broken link is no longer reported (published again).
    ok = await wait_for(lambda: "broken-link" not in [d.code for d in diagnostics.get(spoke, [])])
    check("diagnostics after a change on disk (note created)", ok, str(diagnostics.get(spoke)))

    # A change on disk by another program: Hub's file removed, links to it break.
    diagnostics.pop(spoke, None)
    os.rename(os.path.join(VAULT, "LSP/Other.md"), os.path.join(VAULT, "LSP/Moved away.md"))
    write("LSP/Spoke2.md", "[[Other]]\n")
    spoke2 = uri("LSP/Spoke2.md")
    client.text_document_did_open(t.DidOpenTextDocumentParams(text_document=t.TextDocumentItem(uri=spoke2, language_id="markdown", version=1, text="[[Other]]\n")))
    ok = await wait_for(lambda: [d.code for d in diagnostics.get(spoke2, [])] == ["broken-link"])
    check("diagnostics see a file moved by another program", ok, str(diagnostics.get(spoke2)))
    os.rename(os.path.join(VAULT, "LSP/Moved away.md"), os.path.join(VAULT, "LSP/Other.md"))
    ok = await wait_for(lambda: spoke2 in diagnostics and len(diagnostics[spoke2]) == 0)
    check("diagnostics re-published after it is moved back", ok, str(diagnostics.get(spoke2)))

    # Rename a tag: refused while a touched file has unsaved changes, then done and undoable.
    try:
        await client.text_document_rename_async(t.RenameParams(text_document=t.TextDocumentIdentifier(uri=spoke), position=t.Position(line=3, character=3), new_name="lsp-renamed"))
        check("rename refused with unsaved changes", False, "no error")
    except Exception as error:  # noqa: BLE001 - any JSON-RPC error
        check("rename refused with unsaved changes", "unsaved" in str(error) and "Spoke.md" in str(error), str(error))
    check("nothing written after the refusal", "#lsp-check" in read("LSP/Spoke.md"), read("LSP/Spoke.md"))
    disk = read("LSP/Spoke.md")
    client.text_document_did_change(t.DidChangeTextDocumentParams(text_document=t.VersionedTextDocumentIdentifier(uri=spoke, version=4), content_changes=[t.TextDocumentContentChangeWholeDocument(text=disk)]))
    applied.clear()
    await client.text_document_rename_async(t.RenameParams(text_document=t.TextDocumentIdentifier(uri=spoke), position=t.Position(line=2, character=3), new_name="lsp-renamed"))
    check("tag rename written", "#lsp-renamed" in read("LSP/Spoke.md") and "lsp-renamed" in read("LSP/Hub.md"), read("LSP/Hub.md"))
    ok = await wait_for(lambda: len(applied) == 1)
    check("open buffer given the new text", ok and "#lsp-renamed" in applied[0].document_changes[0].edits[0].new_text, str(applied))
    undo = subprocess.run([BINARY, "--vault", VAULT, "undo"], capture_output=True, text=True)
    check("notez undo reverses the rename", undo.returncode == 0 and "#lsp-check" in read("LSP/Spoke.md") and "lsp-check" in read("LSP/Hub.md"), undo.stderr + read("LSP/Hub.md"))
    client.text_document_did_change(t.DidChangeTextDocumentParams(text_document=t.VersionedTextDocumentIdentifier(uri=spoke, version=5), content_changes=[t.TextDocumentContentChangeWholeDocument(text=read("LSP/Spoke.md"))]))

    # Rename a note from a link to it: file moved, links rewritten, journaled.
    await client.text_document_rename_async(t.RenameParams(text_document=t.TextDocumentIdentifier(uri=spoke), position=t.Position(line=1, character=7), new_name="Center"))
    check("note rename moves the file and rewrites links", os.path.exists(os.path.join(VAULT, "LSP/Center.md")) and not os.path.exists(os.path.join(VAULT, "LSP/Hub.md")) and "[[Center]]" in read("LSP/Other.md"), read("LSP/Other.md"))
    undo = subprocess.run([BINARY, "--vault", VAULT, "undo"], capture_output=True, text=True)
    check("notez undo reverses the note rename", undo.returncode == 0 and os.path.exists(os.path.join(VAULT, "LSP/Hub.md")) and "[[Hub]]" in read("LSP/Other.md"), undo.stderr)

    # Hostile: URIs outside the vault and into .git/; a change range outside the document.
    for name, bad in [("outside the vault", "file:///etc/passwd.md"), ("into .git/", uri(".git/x.md")), ("into .notez/", uri(".notez/config.yaml"))]:
        try:
            await client.text_document_hover_async(t.HoverParams(text_document=t.TextDocumentIdentifier(uri=bad), position=t.Position(line=0, character=0)))
            check(f"refused: URI {name}", False, "no error")
        except Exception as error:  # noqa: BLE001
            check(f"refused: URI {name}", "outside the vault" in str(error) or "never reads" in str(error), str(error))
    messages.clear()
    client.text_document_did_change(t.DidChangeTextDocumentParams(text_document=t.VersionedTextDocumentIdentifier(uri=fresh, version=2), content_changes=[t.TextDocumentContentChangePartial(range=t.Range(start=t.Position(line=99, character=0), end=t.Position(line=99, character=1)), text="x")]))
    ok = await wait_for(lambda: any("outside" in m for m in messages))
    check("change range outside the document: a clear error", ok, str(messages))
    check("the unsaved note was never written", not os.path.exists(os.path.join(VAULT, "LSP/Fresh.md")))

    await client.shutdown_async(None)
    try:
        await client.text_document_hover_async(t.HoverParams(text_document=t.TextDocumentIdentifier(uri=spoke), position=t.Position(line=0, character=0)))
        check("request after shutdown refused", False, "no error")
    except Exception as error:  # noqa: BLE001
        check("request after shutdown refused", "after shutdown" in str(error), str(error))
    client.exit(None)
    await asyncio.sleep(0.5)
    await client.stop()


asyncio.run(asyncio.wait_for(main(), 120))
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
