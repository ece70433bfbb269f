-- Faultline for Neovim: starts `faultline lsp` for C buffers. Diagnostics, hover, code actions,
-- code lenses and inlay hints are plain LSP, rendered by Neovim's client; this module only builds
-- the client configuration, starts the client on every Neovim since 0.7 (Debian 12 ships 0.7.2),
-- adds :FaultlineRerun, and fills what the stock client leaves out: virtual text for Faultline's
-- diagnostics (0.11 turns it off globally), `K` hover on 0.7-0.9 (0.10+ maps it itself),
-- progress of a long diagnosis, a readable hover (markdown tables aligned) and a clear message
-- when the `faultline` binary is missing.
--
--   Neovim 0.11+:  vim.lsp.enable('faultline')                 (uses lsp/faultline.lua)
--   any version:   require('faultline').setup({ settings = { maxDiagnoses = 5 } })
--
-- Only API that Neovim 0.7 has is called unconditionally; newer API is feature-tested.

local M = {}

--- The server's settings (the `faultline` configuration section) and their defaults.
M.defaults = {
  runOnSave = true,
  runOnOpen = true,
  maxDiagnoses = 10,
  timeoutSeconds = 30,
  -- vim.NIL: JSON null on the wire ("as far as the failing runs needed, plus slack"); a Lua nil
  -- would drop the key.
  unwind = vim.NIL,
  algorithm = 'cfaults',
  -- Memory budget of one analysis in MiB (its test runs and formulas).
  maxMemoryMb = 2048,
  -- Memory all analyses running at once may use together, in MiB: a new one waits for room.
  maxServerMemoryMb = 4096,
}

M.name = 'faultline'
M.filetypes = { 'c' }
M.root_markers = { 'faultline.toml', '.git' }

local function default_cmd()
  local bin = os.getenv('FAULTLINE_BIN')
  if bin == nil or bin == '' then
    bin = 'faultline'
  end
  return { bin, 'lsp' }
end

local function has(feature)
  return vim.fn.has(feature) == 1
end

local function notify(msg, level)
  vim.notify('faultline: ' .. msg, level or vim.log.levels.INFO)
end

--- What a user reads when the server binary cannot be run: what is missing and the three ways
--- to provide it.
function M.missing_binary_message(bin)
  return string.format(
    "cannot start the language server: '%s' is not an executable on PATH. Install Faultline "
      .. '(cargo install --path crates/faultline-cli in its repository) so that `faultline` is on PATH, '
      .. "set $FAULTLINE_BIN to the binary, or pass require('faultline').setup({ cmd = { '/path/to/faultline', 'lsp' } }).",
    bin
  )
end

--- Says once per session that the binary is missing; false when it is there.
function M.warn_if_missing(cmd)
  if type(cmd) ~= 'table' or cmd[1] == nil or vim.fn.executable(cmd[1]) == 1 then
    return false
  end
  if not M._warned_missing then
    M._warned_missing = true
    notify(M.missing_binary_message(cmd[1]), vim.log.levels.ERROR)
  end
  return true
end

--- How Faultline's diagnostics are shown, for their namespace only (`:help vim.diagnostic.config`):
--- virtual text is on by default from Neovim 0.11 but off globally there, and a sign letter alone
--- says nothing. Hints (lines only listed as context) get no virtual text, and only the first
--- line of a message is shown inline; the float and hover have the rest.
function M.diagnostic_config(user)
  if user == false then
    return nil
  end
  local config = {
    virtual_text = {
      spacing = 2,
      severity = { min = vim.diagnostic.severity.INFO },
      format = function(d)
        return (d.message:match('^[^\n]*'))
      end,
    },
    underline = true,
    signs = true,
    severity_sort = true,
  }
  if type(user) == 'table' then
    config = vim.tbl_deep_extend('force', config, user)
  end
  return config
end

--- Applies M.diagnostic_config to the namespace `client`'s published diagnostics go to.
function M.configure_diagnostics(client, user)
  local config = M.diagnostic_config(user)
  if config == nil or not (vim.lsp.diagnostic and vim.lsp.diagnostic.get_namespace) then
    return nil
  end
  local ns = vim.lsp.diagnostic.get_namespace(client.id)
  vim.diagnostic.config(config, ns)
  return ns
end

--- Markdown for a float that Neovim renders raw (it has no table support): each table becomes
--- aligned columns in a code block, the rest is unchanged. `lines` is a list of strings.
function M.readable_markdown(lines)
  local out, i = {}, 1
  local function cells(line)
    local row = {}
    local inner = line:gsub('^%s*|', ''):gsub('|%s*$', '')
    for cell in (inner .. '|'):gmatch('(.-)|') do
      table.insert(row, vim.trim(cell))
    end
    return row
  end
  local function is_row(line)
    return line ~= nil and line:match('^%s*|.*|%s*$') ~= nil
  end
  local function is_rule(line)
    return line ~= nil and line:match('^%s*|[%s:|-]+|%s*$') ~= nil and line:find('-', 1, true) ~= nil
  end
  while i <= #lines do
    if is_row(lines[i]) and is_rule(lines[i + 1]) then
      local rows = { cells(lines[i]) }
      local j = i + 2
      while is_row(lines[j]) do
        table.insert(rows, cells(lines[j]))
        j = j + 1
      end
      local widths = {}
      for _, row in ipairs(rows) do
        for c, cell in ipairs(row) do
          -- Backticks are dropped inside the code block, so they do not count.
          local text = cell:gsub('`', '')
          widths[c] = math.max(widths[c] or 0, vim.fn.strdisplaywidth(text))
        end
      end
      table.insert(out, '```text')
      for r, row in ipairs(rows) do
        local parts = {}
        for c = 1, #widths do
          local text = (row[c] or ''):gsub('`', '')
          table.insert(parts, text .. string.rep(' ', widths[c] - vim.fn.strdisplaywidth(text)))
        end
        table.insert(out, (table.concat(parts, '  '):gsub('%s+$', '')))
        if r == 1 then
          local rule = {}
          for c = 1, #widths do
            table.insert(rule, string.rep('-', widths[c]))
          end
          table.insert(out, table.concat(rule, '  '))
        end
      end
      table.insert(out, '```')
      i = j
    else
      table.insert(out, lines[i])
      i = i + 1
    end
  end
  return out
end

--- The text to show for one `$/progress` value of Faultline's server, or nil for none.
function M.progress_text(value)
  if type(value) ~= 'table' then
    return nil
  end
  if value.kind == 'end' then
    return nil
  end
  local message = value.message or value.title
  if message == nil or message == '' then
    return 'faultline: working'
  end
  return 'faultline: ' .. message
end

-- The last progress text per client (nil when idle), for M.status() and the progress display.
M._progress = {}
-- Every progress value seen, for tests and :FaultlineProgress-style inspection (bounded).
M._progress_log = {}

--- Progress of the current analysis as a short string ('' when idle): for a statusline,
--- `%{v:lua.require'faultline'.status()}`.
function M.status()
  for _, text in pairs(M._progress) do
    return text
  end
  return ''
end

--- Shows one progress value. `how`: true (the command line, not kept in :messages, so a long
--- diagnosis does not fill the history or ask to press Enter), 'notify' (vim.notify, for notifier
--- plugins), false (nothing: read M.status()), or a function(text_or_nil, value).
function M.on_progress(client_id, value, how)
  table.insert(M._progress_log, value)
  if #M._progress_log > 100 then
    table.remove(M._progress_log, 1)
  end
  local text = M.progress_text(value)
  M._progress[client_id] = text
  if how == false then
    return
  elseif type(how) == 'function' then
    how(text, value)
  elseif how == 'notify' then
    if text then
      vim.notify(text, vim.log.levels.INFO)
    end
  else
    -- '' clears the line once the analysis is done. Cut to the room left in the command line:
    -- a longer echo would stop the editor with "Press ENTER".
    local shown = text or ''
    local room = math.max(10, (vim.v.echospace or (vim.o.columns - 12)) - 1)
    if vim.fn.strdisplaywidth(shown) > room then
      shown = vim.fn.strcharpart(shown, 0, room - 1) .. '…'
    end
    pcall(vim.api.nvim_echo, { { shown, 'ModeMsg' } }, false, {})
  end
end

--- Progress display on Neovim 0.10+: the stock `$/progress` handler fires LspProgress; one
--- autocmd per client (on_attach runs per buffer, the group makes it once).
function M.enable_progress_autocmd(client, how)
  if vim.fn.exists('##LspProgress') ~= 1 then
    return false
  end
  local group = vim.api.nvim_create_augroup('faultline_progress_' .. client.id, { clear = true })
  vim.api.nvim_create_autocmd('LspProgress', {
    group = group,
    callback = function(ev)
      local data = ev.data or {}
      if data.client_id == client.id and data.params then
        M.on_progress(data.client_id, data.params.value, how)
      end
    end,
  })
  return true
end

--- Enables inlay hints (`⇐ a = 5` after suspicious statements) where Neovim has them (0.10+).
function M.enable_inlay_hints(client, bufnr)
  local caps = client.server_capabilities or {}
  if not caps.inlayHintProvider then
    return false
  end
  local ih = vim.lsp.inlay_hint
  if type(ih) == 'table' and type(ih.enable) == 'function' then
    -- 0.10 and later: enable(true, { bufnr = n }); 0.10 pre-releases: enable(n, true).
    if pcall(ih.enable, true, { bufnr = bufnr }) then
      return true
    end
    return (pcall(ih.enable, bufnr, true))
  elseif type(ih) == 'function' then
    -- 0.10 nightlies before the table API: vim.lsp.inlay_hint(bufnr, true).
    return (pcall(ih, bufnr, true))
  end
  return false
end

--- Code lenses ("test_x: fails, expected 1, got -1 · rerun") refresh when the buffer is shown,
--- written, or when new diagnostics arrive (the server's results for this buffer changed).
function M.enable_code_lens(bufnr)
  if not (vim.lsp.codelens and vim.lsp.codelens.refresh) then
    return
  end
  local group = vim.api.nvim_create_augroup('faultline_codelens_' .. bufnr, { clear = true })
  local function refresh()
    if has('nvim-0.11') then
      pcall(vim.lsp.codelens.refresh, { bufnr = bufnr })
    else
      pcall(vim.lsp.codelens.refresh)
    end
  end
  vim.api.nvim_create_autocmd({ 'BufEnter', 'BufWritePost', 'InsertLeave', 'DiagnosticChanged' }, {
    group = group,
    buffer = bufnr,
    callback = refresh,
  })
  refresh()
end

--- The hover at the cursor from every client of the buffer, in a float whose markdown Neovim can
--- render: tables become aligned columns (Neovim shows them as raw `|---|` text otherwise).
function M.hover(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  local client = M.client(bufnr)
  local params = vim.lsp.util.make_position_params(0, client and client.offset_encoding or 'utf-16')
  vim.lsp.buf_request_all(bufnr, 'textDocument/hover', params, function(results)
    local lines = {}
    for _, response in pairs(results or {}) do
      local result = response.result
      if type(result) == 'table' and result.contents then
        local md = vim.lsp.util.convert_input_to_markdown_lines(result.contents)
        if #md > 0 then
          if #lines > 0 then
            table.insert(lines, '---')
          end
          vim.list_extend(lines, md)
        end
      end
    end
    if not table.concat(lines, ''):match('%S') then
      pcall(vim.api.nvim_echo, { { 'No information available', 'ModeMsg' } }, false, {})
      return
    end
    vim.lsp.util.open_floating_preview(M.readable_markdown(lines), 'markdown', {
      border = 'rounded',
      focus_id = 'textDocument/hover',
    })
  end)
end

local HOVER_DESC = 'Faultline: hover, tables aligned'

--- `K` (or `key`) shows M.hover in `bufnr`, buffer-locally. On Neovim 0.7-0.9 `K` otherwise runs
--- 'keywordprg' (`man`) even with a language server attached; 0.10+ maps it to the stock hover,
--- which this replaces (same requests, readable tables). A buffer mapping of the user's is kept.
function M.map_hover(bufnr, key)
  if key == false then
    return false
  end
  key = key or 'K'
  local existing = vim.api.nvim_buf_call(bufnr, function()
    return vim.fn.maparg(key, 'n', false, true)
  end)
  if type(existing) == 'table' and existing.buffer == 1 then
    local stock = existing.desc == 'vim.lsp.buf.hover()' or existing.callback == vim.lsp.buf.hover
      or existing.desc == HOVER_DESC
    if not stock then
      return false
    end
  end
  vim.keymap.set('n', key, function()
    M.hover(bufnr)
  end, { buffer = bufnr, desc = HOVER_DESC })
  return true
end

--- Inlay hints follow the diagnostics: when Faultline's results for the buffer change (a run
--- finished, or found one more diagnosis) the hints are requested again, also from a server that
--- sends no workspace/inlayHint/refresh; a fixed line must not keep an old value.
function M.refresh_inlay_hints_on_change(client, bufnr)
  local refresh = vim.lsp.handlers['workspace/inlayHint/refresh']
  if type(refresh) ~= 'function' then
    return false
  end
  local group = vim.api.nvim_create_augroup('faultline_inlay_' .. bufnr, { clear = true })
  vim.api.nvim_create_autocmd('DiagnosticChanged', {
    group = group,
    buffer = bufnr,
    callback = function()
      pcall(refresh, nil, vim.NIL, { client_id = client.id, method = 'workspace/inlayHint/refresh' })
    end,
  })
  return true
end

--- The full client configuration for `opts` (all optional):
---   cmd           { 'faultline', 'lsp' } ($FAULTLINE_BIN replaces 'faultline' when set)
---   settings      server settings, merged over M.defaults
---   root_markers  files whose directory is the workspace root
---   inlay_hints   true: enable inlay hints on attach (Neovim 0.10+)
---   code_lens     true: show and refresh code lenses
---   diagnostics   vim.diagnostic.config() options for Faultline's namespace, merged over
---                 M.diagnostic_config(); false leaves the global configuration alone
---   hover_key     the buffer-local key for M.hover (default 'K'); false: none
---   progress      true (command line), 'notify', false, or function(text, value)
---   on_attach     function(client, bufnr), called after Faultline's own
---   capabilities  client capabilities, merged over Neovim's
function M.config(opts)
  opts = opts or {}
  local settings = vim.tbl_extend('force', M.defaults, opts.settings or {})
  local user_on_attach = opts.on_attach
  local progress = opts.progress
  if progress == nil then
    progress = true
  end
  local handlers = {}
  if vim.fn.exists('##LspProgress') ~= 1 then
    -- Neovim < 0.10: no LspProgress event; the stock handler (kept: it feeds
    -- vim.lsp.util.get_progress_messages) and then ours.
    handlers['$/progress'] = function(err, result, ctx, config)
      local default = vim.lsp.handlers['$/progress']
      local ret
      if default then
        ret = default(err, result, ctx, config)
      end
      if result and result.value then
        M.on_progress(ctx.client_id, result.value, progress)
      end
      return ret
    end
  end
  if not has('nvim-0.11') then
    -- Before 0.11 vim.lsp.buf.hover goes through this handler; tables become aligned text.
    handlers['textDocument/hover'] = function(err, result, ctx, config)
      if result and result.contents then
        local lines = vim.lsp.util.convert_input_to_markdown_lines(result.contents)
        result = vim.tbl_extend('force', result, {
          contents = { kind = 'markdown', value = table.concat(M.readable_markdown(lines), '\n') },
        })
      end
      config = vim.tbl_extend('force', { border = 'rounded' }, config or {})
      return vim.lsp.handlers.hover(err, result, ctx, config)
    end
  end
  local config = {
    name = M.name,
    cmd = opts.cmd or default_cmd(),
    filetypes = opts.filetypes or M.filetypes,
    root_markers = opts.root_markers or M.root_markers,
    settings = { faultline = settings },
    init_options = settings,
    commands = M.client_commands,
    handlers = handlers,
    on_attach = function(client, bufnr)
      M.configure_diagnostics(client, opts.diagnostics)
      if opts.inlay_hints ~= false and M.enable_inlay_hints(client, bufnr) then
        M.refresh_inlay_hints_on_change(client, bufnr)
      end
      if opts.code_lens ~= false then
        M.enable_code_lens(bufnr)
      end
      M.map_hover(bufnr, opts.hover_key)
      M.enable_progress_autocmd(client, progress)
      if user_on_attach then
        user_on_attach(client, bufnr)
      end
    end,
  }
  if opts.capabilities then
    config.capabilities =
      vim.tbl_deep_extend('force', vim.lsp.protocol.make_client_capabilities(), opts.capabilities)
  end
  return config
end

--- The directory of the nearest marker above `path`, or `path`'s own directory.
function M.root_dir(path, markers)
  local dir = vim.fn.fnamemodify(path, ':p:h')
  for _, marker in ipairs(markers or M.root_markers) do
    -- findfile/finddir with ';' search upward (0.7 has no vim.fs).
    local file = vim.fn.findfile(marker, dir .. ';')
    if file ~= '' then
      return vim.fn.fnamemodify(file, ':p:h')
    end
    local found = vim.fn.finddir(marker, dir .. ';')
    if found ~= '' then
      -- ':p' gives a directory a trailing slash, so ':h:h' is the marker's parent.
      return vim.fn.fnamemodify(found, ':p:h:h')
    end
  end
  return dir
end

-- Clients started by M.start on Neovim < 0.8, by root directory (vim.lsp.start reuses by itself).
local legacy_clients = {}

--- Starts (or reuses) the Faultline client for a buffer and attaches it.
function M.start(bufnr, config)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  local path = vim.api.nvim_buf_get_name(bufnr)
  if path == '' or vim.bo[bufnr].buftype ~= '' then
    return nil -- not a file: the server reads includes and faultline.toml from disk
  end
  if M.warn_if_missing(config.cmd) then
    return nil
  end
  local root = M.root_dir(path, config.root_markers)
  local cfg = vim.tbl_extend('force', config, { root_dir = root })
  cfg.root_markers = nil
  cfg.filetypes = nil
  if vim.lsp.start then
    return vim.lsp.start(cfg, { bufnr = bufnr })
  end
  local id = legacy_clients[root]
  if id == nil or vim.lsp.client_is_stopped(id) then
    id = vim.lsp.start_client(cfg)
    if id == nil then
      return nil
    end
    legacy_clients[root] = id
  end
  vim.lsp.buf_attach_client(bufnr, id)
  return id
end

--- The Faultline client attached to `bufnr`, if any.
function M.client(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  local clients
  if vim.lsp.get_clients then
    clients = vim.lsp.get_clients({ bufnr = bufnr, name = M.name })
  else
    clients = vim.tbl_values(vim.lsp.buf_get_clients(bufnr))
  end
  for _, client in ipairs(clients) do
    if client.name == M.name then
      return client
    end
  end
  return nil
end

local function request(client, method, params, handler, bufnr)
  if has('nvim-0.11') then
    return client:request(method, params, handler, bufnr)
  end
  return client.request(method, params, handler, bufnr)
end

--- Reruns the tests of `bufnr` (the server's `faultline.rerunTests`); results arrive as
--- diagnostics. `on_done(err)` is called when the server answered.
function M.rerun(bufnr, on_done)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  local client = M.client(bufnr)
  if client == nil then
    notify('no faultline server is attached to this buffer', vim.log.levels.WARN)
    return false
  end
  local params = { command = 'faultline.rerunTests', arguments = { vim.uri_from_bufnr(bufnr) } }
  request(client, 'workspace/executeCommand', params, function(err)
    if err then
      notify('rerun failed: ' .. (err.message or tostring(err)), vim.log.levels.ERROR)
    end
    if on_done then
      on_done(err)
    end
  end, bufnr)
  return true
end

--- Shows the angelic values of the suspicious statement on `line` (0-based) in a floating
--- window: the server's `faultline.showAngelicValues` answers with markdown, which Neovim would
--- otherwise drop (it ignores executeCommand results). `on_done(err, shown)` is for tests.
function M.show_angelic_values(bufnr, line, on_done)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  local client = M.client(bufnr)
  if client == nil then
    notify('no faultline server is attached to this buffer', vim.log.levels.WARN)
    return false
  end
  local params = { command = 'faultline.showAngelicValues', arguments = { vim.uri_from_bufnr(bufnr), line } }
  request(client, 'workspace/executeCommand', params, function(err, result)
    local shown = false
    if err then
      notify('angelic values: ' .. (err.message or tostring(err)), vim.log.levels.ERROR)
    elseif type(result) ~= 'string' or result == '' then
      notify('no suspicious statement on line ' .. (line + 1))
    else
      vim.lsp.util.open_floating_preview(M.readable_markdown(vim.split(result, '\n', { plain = true })), 'markdown', {
        border = 'rounded',
        focus_id = 'faultline_angelic',
      })
      shown = true
    end
    if on_done then
      on_done(err, shown)
    end
  end, bufnr)
  return true
end

-- Client-side handlers for commands in code actions and code lenses; Neovim calls these instead
-- of sending workspace/executeCommand itself.
M.client_commands = {
  ['faultline.showAngelicValues'] = function(command, ctx)
    local args = command.arguments or {}
    M.show_angelic_values(ctx.bufnr, args[2] or (vim.api.nvim_win_get_cursor(0)[1] - 1))
  end,
}

--- Defines :FaultlineRerun (idempotent).
function M.create_commands()
  vim.api.nvim_create_user_command('FaultlineRerun', function()
    M.rerun(0)
  end, { desc = 'Rerun the tests of the current C file (faultline)', force = true })
end

--- Neovim 0.11's vim.lsp.enable skips a config whose command is not executable and only logs it;
--- this says so once, when the first C buffer is opened (not at startup: a user who never edits C
--- is not bothered). Also used by plugin/faultline.lua for users of vim.lsp.enable('faultline').
function M.watch_missing_binary()
  if not has('nvim-0.11') then
    return
  end
  local group = vim.api.nvim_create_augroup('faultline_missing_binary', { clear = true })
  vim.api.nvim_create_autocmd('FileType', {
    group = group,
    pattern = M.filetypes,
    callback = function(args)
      if vim.bo[args.buf].buftype ~= '' then
        return
      end
      local enabled = type(vim.lsp.is_enabled) ~= 'function' or vim.lsp.is_enabled(M.name)
      local config = enabled and vim.lsp.config[M.name]
      if config and M.warn_if_missing(config.cmd) then
        return true -- said once: delete the autocmd
      end
    end,
  })
end

--- Configures and enables Faultline for C buffers. On Neovim 0.11+ through vim.lsp.config and
--- vim.lsp.enable; on older versions through a FileType autocmd that starts the client.
function M.setup(opts)
  opts = opts or {}
  local config = M.config(opts)
  M.create_commands()
  if vim.lsp.config ~= nil and type(vim.lsp.enable) == 'function' and has('nvim-0.11') then
    vim.lsp.config(M.name, config)
    vim.lsp.enable(M.name)
    M.watch_missing_binary()
    return
  end
  local group = vim.api.nvim_create_augroup('faultline_start', { clear = true })
  vim.api.nvim_create_autocmd('FileType', {
    group = group,
    pattern = config.filetypes,
    callback = function(args)
      M.start(args.buf, config)
    end,
  })
  -- Buffers opened before setup() ran.
  for _, bufnr in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(bufnr) and vim.tbl_contains(config.filetypes, vim.bo[bufnr].filetype) then
      M.start(bufnr, config)
    end
  end
end

return M
