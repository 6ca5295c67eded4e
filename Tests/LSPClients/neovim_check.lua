-- Drives `notez lsp` from Neovim's built-in LSP client (Neovim 0.7+, headless):
--   NOTEZ_BIN=... NOTEZ_VAULT=... nvim --headless -u NONE -i NONE -n -c 'luafile neovim_check.lua'
-- Completion (applied with Neovim's own text edit code), go to definition (jumped to with Neovim's
-- own jump), references, and a rename through vim.lsp.buf.rename (prepareRename, then rename, then
-- the server's workspace/applyEdit to the open buffer). Prints `ok NAME` / `FAILED NAME: why` and
-- `N passed, M failed`, then exits 1 on a failure.
local bin, vault = os.getenv('NOTEZ_BIN'), os.getenv('NOTEZ_VAULT')
local passed, failed = 0, 0
-- Each line on a line of its own: Neovim prints its own messages ("Workspace edit ...") without a newline.
local function out(line) io.stdout:write('\n' .. line .. '\n') io.stdout:flush() end
local function check(name, condition, detail)
  if condition then passed = passed + 1; out('ok ' .. name)
  else failed = failed + 1; out('FAILED ' .. name .. ': ' .. vim.inspect(detail)) end
end
local function write(path, text)
  vim.fn.mkdir(vim.fn.fnamemodify(vault .. '/' .. path, ':h'), 'p')
  local f = assert(io.open(vault .. '/' .. path, 'w')); f:write(text); f:close()
end
local function read(path)
  local f = io.open(vault .. '/' .. path, 'r'); if not f then return nil end
  local text = f:read('*a'); f:close(); return text
end
local function finish()
  out(passed .. ' passed, ' .. failed .. ' failed')
  vim.cmd((failed == 0) and 'qall!' or 'cquit! 1')
end

write('NV/Target note.md', '# Target note\n\n## Details ü\n\ntext\n')
write('NV/Caller.md', '# Caller\nSee [[Target note]] and [[Target note#Details ü]].\n#nv-tag\n')
write('NV/Second.md', 'Also [[Target note]]. #nv-tag\n')

local ok, err = pcall(function()
  local client_id = vim.lsp.start_client({
    cmd = { bin, 'lsp' }, root_dir = vault, name = 'notez',
    workspace_folders = { { uri = vim.uri_from_fname(vault), name = 'vault' } },
  })
  check('client started', client_id ~= nil, client_id)
  vim.cmd('edit ' .. vim.fn.fnameescape(vault .. '/NV/Caller.md'))
  local buf = vim.api.nvim_get_current_buf()
  vim.lsp.buf_attach_client(buf, client_id)
  local client = vim.lsp.get_client_by_id(client_id)
  vim.wait(10000, function() return client.initialized end, 20)
  check('initialized', client.initialized, nil)

  -- Completion after `[[` on a line with non-ASCII text before the cursor, applied by Neovim.
  vim.api.nvim_buf_set_lines(buf, 3, 3, false, { 'é😀 [[Targ' })
  local line = 'é😀 [[Targ'
  local _, col = vim.str_utfindex(line)
  local result = vim.lsp.buf_request_sync(buf, 'textDocument/completion',
    { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = 3, character = col } }, 5000)
  local items = result and result[client_id] and result[client_id].result and result[client_id].result.items or {}
  check('completion offers the note', items[1] and items[1].label == 'Target note', items)
  if items[1] then
    vim.lsp.util.apply_text_edits({ items[1].textEdit }, buf, 'utf-16')
    local after = vim.api.nvim_buf_get_lines(buf, 3, 4, false)[1]
    check('completion edit applied by Neovim', after == 'é😀 [[Target note]]', after)
  end
  vim.api.nvim_buf_set_lines(buf, 3, 4, false, {})

  -- Definition of the heading link, jumped to by Neovim.
  local params = { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = 1, character = 30 } }
  result = vim.lsp.buf_request_sync(buf, 'textDocument/definition', params, 5000)
  local location = result and result[client_id] and result[client_id].result
  check('definition of a heading link', location and location.uri:match('Target%%20note%.md$') and location.range.start.line == 2, location)
  if location then
    vim.lsp.util.jump_to_location(location, 'utf-16')
    check('Neovim jumps to the heading', vim.fn.expand('%:t') == 'Target note.md' and vim.api.nvim_win_get_cursor(0)[1] == 3,
      { vim.fn.expand('%:t'), vim.api.nvim_win_get_cursor(0) })
    vim.cmd('buffer ' .. buf)
  end

  -- References of the note (its backlinks) and of a tag.
  params.position = { line = 1, character = 8 }
  params.context = { includeDeclaration = false }
  result = vim.lsp.buf_request_sync(buf, 'textDocument/references', params, 5000)
  local refs = result and result[client_id] and result[client_id].result or {}
  local names = {}
  for _, ref in ipairs(refs) do table.insert(names, vim.fn.fnamemodify(vim.uri_to_fname(ref.uri), ':t') .. ':' .. ref.range.start.line) end
  table.sort(names)
  check('references of a note', vim.deep_equal(names, { 'Caller.md:1', 'Caller.md:1', 'Second.md:0' }), names)
  params.position = { line = 2, character = 2 }
  result = vim.lsp.buf_request_sync(buf, 'textDocument/references', params, 5000)
  refs = result and result[client_id] and result[client_id].result or {}
  check('references of a tag', #refs == 2, refs)

  -- Rename the tag with Neovim's rename: the files change, the open buffer follows.
  vim.api.nvim_win_set_cursor(0, { 3, 2 })
  vim.lsp.buf.rename('nv-renamed')
  local renamed = vim.wait(10000, function()
    return (read('NV/Second.md') or ''):find('#nv%-renamed') ~= nil
      and vim.api.nvim_buf_get_lines(buf, 2, 3, false)[1] == '#nv-renamed'
  end, 50)
  check('tag rename from Neovim: files and open buffer', renamed, { read('NV/Second.md'), vim.api.nvim_buf_get_lines(buf, 0, -1, false) })
  -- The buffer was given the file's text; Neovim knows the file changed on disk since it read it
  -- (`:w` would ask first), so `:e!` reloads it: the same text, nothing lost.
  local shown = table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), '\n') .. '\n'
  vim.cmd('edit!')
  -- Reloading unloads the buffer, which detaches it; a FileType autocommand (docs/editors.md) attaches it again.
  vim.lsp.buf_attach_client(buf, client_id)
  local reloaded = table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), '\n') .. '\n'
  check('buffer equals the file after rename', shown == read('NV/Caller.md') and reloaded == shown, { shown, read('NV/Caller.md') })

  -- Rename the note from a link to it.
  vim.api.nvim_win_set_cursor(0, { 2, 8 })
  vim.lsp.buf.rename('Goal note')
  local moved = vim.wait(10000, function()
    return read('NV/Goal note.md') ~= nil and vim.api.nvim_buf_get_lines(buf, 1, 2, false)[1]:find('%[%[Goal note%]%]') ~= nil
  end, 50)
  check('note rename from Neovim: file moved, links and buffer rewritten', moved and read('NV/Target note.md') == nil and read('NV/Second.md'):find('%[%[Goal note%]%]') ~= nil,
    { read('NV/Second.md'), vim.api.nvim_buf_get_lines(buf, 0, -1, false) })

  vim.lsp.stop_client(client_id)
  vim.wait(3000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 50)
end)
if not ok then check('script ran', false, err) end
finish()
