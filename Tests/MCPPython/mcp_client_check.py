"""Drives `notez mcp` with the official MCP Python SDK client (the `mcp` package from PyPI).

Run by MCPPythonClientTests as:  python mcp_client_check.py NOTEZ_BINARY VAULT
on a temporary copy of ExampleVault. It lists the tools, prompts and resources, calls every tool
(the script fails when a listed tool was not called, or a call below names a tool not listed),
and lets the SDK validate every result: `ClientSession.call_tool` checks `structuredContent`
against the tool's `outputSchema`, and the script insists that every tool declares one and that
`structuredContent` is a JSON object, as the 2025-06-18 and 2025-11-25 protocols require.
It prints one line per check and ends with 'N passed, N failed'; the exit status is 1 on a failure.
"""

import asyncio
import json
import os
import subprocess
import sys

try:
    import mcp
    from mcp import ClientSession, StdioServerParameters
    from mcp.client.stdio import stdio_client
except ImportError as error:  # the Swift test turns this into a clear failure
    print(f"the MCP Python SDK is not installed ({error}); run 'make setup'")
    sys.exit(2)

passed = 0
failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
        print(f"ok: {what}")
    else:
        failed += 1
        print(f"FAILED: {what}")


async def call(session, name, arguments, called, expect_error=False):
    """Calls one tool; the SDK validates the result against the tool's output schema."""
    try:
        result = await session.call_tool(name, arguments)
    except Exception as error:  # a validation error raised by the SDK
        check(False, f"{name} {json.dumps(arguments)[:120]}: the SDK refused the result: {error}")
        return None
    if expect_error:
        check(result.is_error, f"{name} answers with an error result: {text_of(result)[:160]}")
        return None
    ok = not result.is_error and isinstance(result.structured_content, dict)
    check(ok, f"{name} {json.dumps(arguments)[:100]}" + ("" if ok else f": {text_of(result)[:300]}"))
    if ok:
        called.add(name)
        # The text content is the same JSON as the structured content (for clients without structured content).
        check(json.loads(text_of(result)) == result.structured_content, f"{name}: text content equals structuredContent")
    return result.structured_content if ok else None


def text_of(result):
    return "".join(getattr(block, "text", "") for block in result.content)


async def main(binary, vault):
    env = dict(os.environ)
    params = StdioServerParameters(command=binary, args=["mcp", "--vault", vault, "--allow-writes"], env=env)
    notifications = []

    async def on_message(message):
        notifications.append(message)

    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write, message_handler=on_message) as session:
            init = await session.initialize()
            check(init.server_info.name == "notez", f"initialize: server {init.server_info.name} {init.server_info.version}, protocol {init.protocol_version}")
            tools = (await session.list_tools()).tools
            names = {tool.name for tool in tools}
            for tool in tools:
                check(isinstance(tool.output_schema, dict) and tool.output_schema.get("type") == "object",
                      f"{tool.name} declares an object outputSchema")
                check(bool(tool.description) and len(tool.description) > 40, f"{tool.name} has a description")
            called = set()
            await run_calls(session, called)
            check(names <= called, f"every tool was called (not called: {sorted(names - called)})")
            check(called <= names, f"every called tool is listed (not listed: {sorted(called - names)})")

            prompts = (await session.list_prompts()).prompts
            check({p.name for p in prompts} >= {"summarize_folder", "find_notes_to_link"}, "prompts listed")
            summary = await session.get_prompt("summarize_folder", {"folder": "Work"})
            check(len(summary.messages) >= 1 and "Work" in summary.messages[0].content.text, "summarize_folder prompt")
            links = await session.get_prompt("find_notes_to_link", {"note": "Quarterly goals"})
            check(len(links.messages) >= 1 and "Quarterly goals" in links.messages[0].content.text, "find_notes_to_link prompt")

            resources = (await session.list_resources()).resources
            check(len(resources) > 10, f"{len(resources)} resources listed")
            first = await session.read_resource(resources[0].uri)
            check(len(first.contents) == 1 and first.contents[0].text is not None, "a resource is read")

            # A note written by someone else (an editor, a sync tool) changes the resource list.
            check(init.capabilities.resources.list_changed is True, "resources declare listChanged")
            # The watcher started when the resources were first listed; a note that appears during
            # its first scan is not reported, so a second one is written if the first was missed.
            notifications.clear()
            for attempt, name in enumerate(["Written by an editor.md", "Written again.md"]):
                with open(os.path.join(vault, name), "w") as note:
                    note.write("new\n")
                for _ in range(50 * (attempt + 1)):
                    if any(is_list_changed(m) for m in notifications):
                        break
                    await asyncio.sleep(0.1)
                if any(is_list_changed(m) for m in notifications):
                    break
            check(any(is_list_changed(m) for m in notifications), "notifications/resources/list_changed after a note appeared on disk")
            listed = (await session.list_resources()).resources
            check(any(r.name == "Written by an editor.md" for r in listed), "the new note is a resource")


def is_list_changed(message):
    return isinstance(message, mcp.types.ResourceListChangedNotification) or "resources/list_changed" in repr(message)


async def run_calls(session, called):
    # Reads.
    found = await call(session, "search", {"query": "tag:meeting", "limit": 2}, called)
    if found:
        check(found["nextOffset"] == 2 and len(found["notes"]) == 2, "search pages by 2")
    count = await call(session, "search", {"query": "tag:meeting", "limit": 0}, called)
    if count:
        check(count["notes"] == [] and count["nextOffset"] is None and count["total"] >= 3,
              "search with limit 0 counts and gives no nextOffset")
    # Following nextOffset ends: a client that follows it never loops.
    offset, pages = 0, 0
    while offset is not None and pages < 50:
        page = await call(session, "search", {"query": "-tag:no-such-tag", "offset": offset, "limit": 7}, called)
        if page is None:
            break
        check(page["nextOffset"] is None or page["nextOffset"] > offset, f"nextOffset {page['nextOffset']} moves past {offset}")
        offset, pages = page["nextOffset"], pages + 1
    check(offset is None, f"paging the whole vault ends after {pages} pages")
    snippets = await call(session, "search_snippets", {"query": "meeting", "limit": 5}, called)
    ranked = await call(session, "search", {"query": "meeting", "limit": 5}, called)
    if snippets and ranked:
        order = lambda answer: [(note["path"], note.get("score")) for note in answer["notes"]]
        check(order(snippets) == order(ranked) and all(score is not None for _, score in order(snippets)),
              "search_snippets ranks its notes as search does, each with its score")
        check(any(note["matches"] for note in snippets["notes"]), "search_snippets shows the lines of the notes it ranks")
    await call(session, "show_note", {"note": "Quarterly goals"}, called)
    await call(session, "read_notes", {"notes": ["Quarterly goals", "Work/Projects", "no such note"]}, called)
    await call(session, "list_folders", {}, called)
    await call(session, "list_folder", {"folder": "Work", "recursive": True}, called)
    await call(session, "list_tags", {}, called)
    await call(session, "recent_changes", {"limit": 5}, called)
    await call(session, "get_links", {"note": "Quarterly goals"}, called)
    await call(session, "get_backlinks", {"note": "Quarterly goals"}, called)
    chain = await call(session, "graph_path", {"from": "Old onboarding notes", "to": "Team handbook"}, called)
    if chain:
        check(chain["length"] == 1 and chain["path"][-1]["path"] == "Work/Team handbook.md", "graph_path finds the link")
    near = await call(session, "graph_neighbours", {"note": "Team handbook", "depth": 2, "direction": "in"}, called)
    if near:
        check(near["total"] >= 2 and not near["truncated"], "graph_neighbours lists the notes linking in")
    await call(session, "graph_neighbours", {"note": "Team handbook", "depth": 0}, called, expect_error=True)
    await call(session, "related_notes", {"note": "Team handbook", "limit": 3}, called)
    # The copy of the example vault is in no git work tree: the tool says so; once it is, the history.
    await call(session, "note_history", {"note": "Team handbook"}, called, expect_error=True)
    vault = os.environ["NOTEZ_PY_VAULT"]
    git_env = dict(os.environ, GIT_AUTHOR_NAME="py", GIT_AUTHOR_EMAIL="py@example.invalid", GIT_COMMITTER_NAME="py",
                   GIT_COMMITTER_EMAIL="py@example.invalid", GIT_CONFIG_GLOBAL="/dev/null", GIT_CONFIG_NOSYSTEM="1")
    for command in (["git", "init", "-q"], ["git", "add", "-A"], ["git", "commit", "-qm", "python client"]):
        subprocess.run(command, cwd=vault, env=git_env, check=True)
    history = await call(session, "note_history", {"note": "Team handbook", "limit": 5}, called)
    if history:
        check(history["note"] == "Work/Team handbook.md" and history["commits"][0]["subject"] == "python client",
              "note_history gives the commit")
    # Writes, each journaled.
    created = await call(session, "create_note", {"title": "Python client note", "body": "# Tasks\n- one\n\n# Later\n"}, called)
    path = created["path"] if created else "Python client note.md"
    await call(session, "edit_note", {"note": path, "mode": "append", "text": "appended line"}, called)
    await call(session, "edit_note", {"note": path, "mode": "under_heading", "heading": "Tasks", "text": "- two"}, called)
    await call(session, "edit_note", {"note": path, "mode": "replace", "old": "- one", "text": "- first", "dryRun": True}, called)
    await call(session, "edit_note", {"note": path, "mode": "replace", "old": "not in the note", "text": "x"}, called,
               expect_error=True)
    await call(session, "set_properties", {"note": path, "properties": ["status=draft"]}, called)
    await call(session, "set_pinned", {"notes": [path], "pinned": True}, called)
    await call(session, "add_tags", {"note": path, "tags": ["pyclient"]}, called)
    await call(session, "remove_tags", {"note": path, "tags": ["pyclient"]}, called)
    await call(session, "rename_note", {"note": path, "title": "Python client renamed"}, called)
    await call(session, "move_note", {"notes": ["Python client renamed"], "folder": "Work"}, called)
    trashed = await call(session, "trash_note", {"notes": ["Work/Python client renamed.md"]}, called)
    await call(session, "list_trash", {}, called)
    if trashed and trashed.get("trashed"):
        await call(session, "restore_note", {"items": [trashed["trashed"][0]["id"]]}, called)
    await call(session, "daily_note", {"day": "2026-11-26"}, called)
    attachment = os.path.join(os.environ["NOTEZ_PY_VAULT"], "attach-me.txt")
    await call(session, "attach_file", {"note": "Quarterly goals", "files": [attachment]}, called)
    plan = await call(session, "plan_tag_rename", {"from": "diy", "to": "crafts"}, called)
    await call(session, "plan_tag_merge", {"sources": ["meeting"], "into": "meetings"}, called)
    await call(session, "plan_tag_delete", {"tags": ["reading"]}, called)
    if plan:
        await call(session, "apply_plan", {"planId": plan["planId"]}, called)
    await call(session, "undo", {}, called)
    history = await call(session, "history", {"limit": 50}, called)
    if history:
        check(isinstance(history["entries"], list) and len(history["entries"]) >= 10, "history lists the operations")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        print("usage: mcp_client_check.py NOTEZ_BINARY VAULT")
        sys.exit(2)
    os.environ["NOTEZ_PY_VAULT"] = sys.argv[2]
    from importlib.metadata import version
    print(f"mcp {version('mcp')}")
    asyncio.run(main(sys.argv[1], sys.argv[2]))
    print(f"{passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)
