-- Faultline for Neovim: starts `faultline lsp` for C buffers. Diagnostics, hover, code actions,
-- code lenses and inlay hints are plain LSP, rendered by Neovim's client; this module only builds
-- the client configuration, starts the client on every Neovim since 0.7 (Debian 12 ships 0.7.2),
-- and adds :FaultlineRerun.
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

--- The full client configuration for `opts` (all optional):
---   cmd           { 'faultline', 'lsp' } ($FAULTLINE_BIN replaces 'faultline' when set)
---   settings      server settings, merged over M.defaults
---   root_markers  files whose directory is the workspace root
---   inlay_hints   true: enable inlay hints on attach (Neovim 0.10+)
---   code_lens     true: show and refresh code lenses
---   on_attach     function(client, bufnr), called after Faultline's own
---   capabilities  client capabilities, merged over Neovim's
function M.config(opts)
  opts = opts or {}
  local settings = vim.tbl_extend('force', M.defaults, opts.settings or {})
  local user_on_attach = opts.on_attach
  local config = {
    name = M.name,
    cmd = opts.cmd or default_cmd(),
    filetypes = opts.filetypes or M.filetypes,
    root_markers = opts.root_markers or M.root_markers,
    settings = { faultline = settings },
    init_options = settings,
    commands = M.client_commands,
    on_attach = function(client, bufnr)
      if opts.inlay_hints ~= false then
        M.enable_inlay_hints(client, bufnr)
      end
      if opts.code_lens ~= false then
        M.enable_code_lens(bufnr)
      end
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
  if vim.fn.executable(config.cmd[1]) ~= 1 then
    if not M._warned_missing then
      M._warned_missing = true
      notify(
        string.format("'%s' is not executable; install faultline or pass setup({ cmd = ... })", config.cmd[1]),
        vim.log.levels.ERROR
      )
    end
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
      vim.lsp.util.open_floating_preview(vim.split(result, '\n', { plain = true }), 'markdown', {
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

--- Configures and enables Faultline for C buffers. On Neovim 0.11+ through vim.lsp.config and
--- vim.lsp.enable; on older versions through a FileType autocmd that starts the client.
function M.setup(opts)
  opts = opts or {}
  local config = M.config(opts)
  M.create_commands()
  if vim.lsp.config ~= nil and type(vim.lsp.enable) == 'function' and has('nvim-0.11') then
    vim.lsp.config(M.name, config)
    vim.lsp.enable(M.name)
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
