-- Headless Neovim end-to-end test (run by run.sh, once per Neovim: 0.7.2 and 0.11). Uses only API
-- Neovim 0.7 has unless feature-tested.
--
-- The example is tests/examples/diagnose/leap: an IO program whose faultline.toml has 4 cases;
-- line 8 tests `year % 400 != 0` where `== 0` is meant, so `century_common` (1900) and
-- `quadricentennial` (2000) fail.
--
-- The assertions are about what a user sees, not the server's wording (which has its own
-- snapshot tests): the failing tests as errors, a warning on line 8 shown as virtual text, an
-- inlay hint and a hover there (`K` opens it, also on 0.7), a quick fix, progress while the
-- analysis runs, and after the fix is written, nothing of Faultline's left in the buffer.
--
-- With runOnOpen = false nothing is analysed until the buffer is written; `:w` must bring the
-- failing tests and the suspicious lines.

local file = assert(os.getenv('FAULTLINE_NVIM_FILE'), 'FAULTLINE_NVIM_FILE')
local artifacts = os.getenv('FAULTLINE_NVIM_ARTIFACTS')
local bin = assert(os.getenv('FAULTLINE_BIN'), 'FAULTLINE_BIN')

local FAULTY = 8 -- 1-based
local FAILING = { 'century_common', 'quadricentennial' }

local passed, failed = 0, 0

local function out(msg)
  io.stdout:write(msg .. '\n')
  io.stdout:flush()
end

local check
local bufnr

local function write_artifact(name, text)
  if not artifacts then
    return
  end
  local f = io.open(artifacts .. '/' .. name, 'w')
  if f then
    f:write(text)
    f:close()
  end
end

local function dump(v)
  return vim.inspect(v, { newline = ' ', indent = '' })
end

-- Every extmark with virtual text in the buffer, in any namespace but the code lenses' (0.10+
-- draws lenses as virtual text; they stay, saying the tests pass): diagnostics' virtual text, and
-- inlay hints on 0.10+. { row (0-based), text }.
local function virtual_texts(buf)
  local result = {}
  -- Anonymous namespaces too (0.7 puts diagnostics' virtual text in one): ids are 1..last.
  local names = {}
  for name, id in pairs(vim.api.nvim_get_namespaces()) do
    names[id] = name
  end
  for ns = 1, vim.api.nvim_create_namespace('') do
    local name = names[ns] or ''
    for _, mark in ipairs(vim.api.nvim_buf_get_extmarks(buf, ns, 0, -1, { details = true })) do
      local details = mark[4] or {}
      if details.virt_text and not name:find('codelens', 1, true) then
        local text = ''
        for _, chunk in ipairs(details.virt_text) do
          text = text .. chunk[1]
        end
        table.insert(result, { row = mark[2], text = text })
      end
    end
  end
  return result
end

-- What the buffer looks like, virtual text included, for the artifacts directory.
local function screen(buf)
  local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  for _, vt in ipairs(virtual_texts(buf)) do
    if lines[vt.row + 1] then
      lines[vt.row + 1] = lines[vt.row + 1] .. '  «' .. vt.text .. '»'
    end
  end
  return table.concat(lines, '\n') .. '\n'
end

local function finish()
  -- The plugin must not use API this Neovim deprecates (nor raise errors it only logs).
  local messages = vim.api.nvim_exec('messages', true)
  check('no deprecation warnings or errors in :messages', not messages:lower():match('deprecat')
    and not messages:match('E%d+:') and not messages:match('[Ee]rror'), messages)
  out(string.format('nvim e2e: %d passed, %d failed', passed, failed))
  write_artifact('messages.log', messages)
  if failed > 0 then
    vim.cmd('cquit 1')
  else
    vim.cmd('qall!')
  end
end

function check(name, cond, detail)
  if cond then
    passed = passed + 1
    out('ok   ' .. name)
  else
    failed = failed + 1
    out('FAIL ' .. name .. (detail and (': ' .. detail) or ''))
  end
  return cond
end

-- Stops at the first failed precondition: later checks would only repeat it.
local function require_that(name, cond, detail)
  if not check(name, cond, detail) then
    finish()
    error('unreachable') -- finish() exits
  end
end

local function faultline_diagnostics(buf)
  local result = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.source == 'faultline' then
      table.insert(result, d)
    end
  end
  return result
end

local function floats()
  local text = {}
  for _, win in ipairs(vim.api.nvim_list_wins()) do
    if vim.api.nvim_win_get_config(win).relative ~= '' then
      local buf = vim.api.nvim_win_get_buf(win)
      table.insert(text, table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), '\n'))
    end
  end
  return table.concat(text, '\n')
end

local function close_floats()
  for _, win in ipairs(vim.api.nvim_list_wins()) do
    if vim.api.nvim_win_get_config(win).relative ~= '' then
      pcall(vim.api.nvim_win_close, win, true)
    end
  end
  vim.api.nvim_set_current_win(vim.fn.bufwinid(bufnr))
end

local function mentions_failing_test(text)
  for _, name in ipairs(FAILING) do
    if text:find(name, 1, true) then
      return true
    end
  end
  return false
end

-- The test proper; a Lua error in it is a failure, not a hang until run.sh's timeout.
local function main()
  -- Counts publishDiagnostics for this file, so a rerun can be told apart from the last result.
  local publishes = 0
  local default_publish = vim.lsp.handlers['textDocument/publishDiagnostics']
  vim.lsp.handlers['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
    publishes = publishes + 1
    return default_publish(err, result, ctx, config)
  end

  vim.cmd('filetype on')
  local faultline = require('faultline')
  -- progress = false: recorded (and readable through status()) but not echoed into the log.
  faultline.setup({
    cmd = { bin, 'lsp' },
    settings = { runOnOpen = false, maxDiagnoses = 5 },
    progress = false,
  })

  vim.cmd('silent edit ' .. vim.fn.fnameescape(file))
  bufnr = vim.api.nvim_get_current_buf()
  require_that('filetype is c', vim.bo[bufnr].filetype == 'c', vim.bo[bufnr].filetype)

  local client
  vim.wait(10000, function()
    client = faultline.client(bufnr)
    return client ~= nil and client.initialized ~= false and client.server_capabilities ~= nil
  end, 50)
  require_that('faultline attached to the buffer', client ~= nil)
  check(
    'root directory is the faultline.toml directory',
    client.config.root_dir == vim.fn.fnamemodify(file, ':p:h'),
    client.config.root_dir
  )

  -- Virtual text is on for Faultline's namespace, whatever the global default (off on 0.11).
  local ns = vim.lsp.diagnostic.get_namespace(client.id)
  local ns_config = vim.diagnostic.config(nil, ns) or {}
  check('virtual text is configured for the faultline namespace', ns_config.virtual_text ~= nil
    and ns_config.virtual_text ~= false, dump(ns_config))

  -- K shows the plugin's hover (on 0.7 it would run `man`).
  local k = vim.fn.maparg('K', 'n', false, true)
  check('K is a buffer-local mapping to the hover (not keywordprg/man)', type(k) == 'table' and k.buffer == 1
    and (k.desc or ''):find('hover', 1, true) ~= nil, dump(k))

  -- runOnOpen = false: opening alone publishes no test results.
  vim.wait(500, function()
    return #faultline_diagnostics(bufnr) > 0
  end, 50)
  check('nothing analysed on open with runOnOpen = false', #faultline_diagnostics(bufnr) == 0,
    dump(faultline_diagnostics(bufnr)))

  -- :w → didSave → tests, then the diagnosis, with progress; the progress ends once the results
  -- are published.
  local function progress_ends()
    local n = 0
    for _, v in ipairs(faultline._progress_log) do
      if v.kind == 'end' then
        n = n + 1
      end
    end
    return n
  end
  local ends_before = progress_ends()
  local status_seen = ''
  vim.cmd('silent write')
  local ok = vim.wait(60000, function()
    if faultline.status() ~= '' then
      status_seen = faultline.status()
    end
    return progress_ends() > ends_before
  end, 20)
  require_that('the analysis after :w reports progress and ends', ok, dump(faultline._progress_log))
  local begun = false
  for _, v in ipairs(faultline._progress_log) do
    begun = begun or (v.kind == 'begin' and faultline.progress_text(v) ~= nil)
  end
  check('progress began with a message', begun, dump(faultline._progress_log))
  check('status() is empty once the analysis is done', faultline.status() == '', faultline.status())
  out('progress shown while running: ' .. dump(status_seen))

  local diagnostics = faultline_diagnostics(bufnr)
  write_artifact('failing.txt', screen(bufnr) .. '\n' .. vim.inspect(diagnostics) .. '\n')

  local errors = vim.tbl_filter(function(d)
    return d.severity == vim.diagnostic.severity.ERROR
  end, diagnostics)
  for _, name in ipairs(FAILING) do
    check('the failing test ' .. name .. ' is an error', #vim.tbl_filter(function(d)
      return d.message:find(name, 1, true) ~= nil
    end, errors) > 0, dump(errors))
  end
  for _, d in ipairs(errors) do
    check('error is about a failing test, not the passing ones', not d.message:find('ordinary_', 1, true), dump(d))
  end
  local warnings_on_faulty = vim.tbl_filter(function(d)
    return d.severity == vim.diagnostic.severity.WARN and d.lnum + 1 == FAULTY
  end, diagnostics)
  check('a warning on the faulty line ' .. FAULTY, #warnings_on_faulty > 0, dump(diagnostics))

  local vt_on_faulty = vim.tbl_filter(function(vt)
    return vt.row + 1 == FAULTY and vt.text:match('%S') ~= nil
  end, virtual_texts(bufnr))
  check('the faulty line shows virtual text', #vt_on_faulty > 0, dump(virtual_texts(bufnr)))

  -- Inlay hints (Neovim 0.10+): enabled by the plugin on attach, on the rank-1 suspect.
  local ih = vim.lsp.inlay_hint
  if type(ih) == 'table' and ih.get and ih.is_enabled then
    check('inlay hints are enabled on attach', ih.is_enabled({ bufnr = bufnr }))
    local labels = {}
    vim.wait(10000, function()
      labels = {}
      for _, item in ipairs(ih.get({ bufnr = bufnr })) do
        local h = item.inlay_hint
        if h.position.line + 1 == FAULTY then
          table.insert(labels, type(h.label) == 'string' and h.label or dump(h.label))
        end
      end
      return #labels > 0
    end, 50)
    check('an inlay hint on the faulty line', #labels > 0, dump(ih.get({ bufnr = bufnr })))
  else
    out('skip inlay hints: this Neovim has none')
  end

  -- Code lenses: refreshed by the plugin when the diagnostics changed; one names a failing test.
  local lens_titles = {}
  vim.wait(10000, function()
    lens_titles = {}
    for _, lens in ipairs(vim.lsp.codelens.get(bufnr)) do
      if lens.command then
        table.insert(lens_titles, lens.command.title)
      end
    end
    return mentions_failing_test(table.concat(lens_titles, '\n'))
  end, 50)
  check('a code lens names a failing test', mentions_failing_test(table.concat(lens_titles, '\n')), dump(lens_titles))

  -- K on the faulty line opens the hover in a float, with text about the failing tests, and the
  -- markdown is readable (no raw table rules).
  vim.api.nvim_win_set_cursor(0, { FAULTY, 8 })
  vim.api.nvim_feedkeys('K', 'x', false)
  local hover = ''
  vim.wait(10000, function()
    hover = floats()
    return hover ~= ''
  end, 50)
  write_artifact('hover.txt', hover .. '\n')
  check('K opens a hover with text on the faulty line', hover:match('%S') ~= nil and mentions_failing_test(hover), hover)
  check('the hover shows no raw markdown table', not hover:match('|%s*:?%-%-%-'), hover)
  close_floats()

  -- A quick fix (or any code action) on the faulty line.
  local line_diags = {}
  if vim.fn.has('nvim-0.10') == 1 then
    for _, d in ipairs(vim.diagnostic.get(bufnr, { lnum = FAULTY - 1 })) do
      -- The LSP form of the diagnostic, as the server sent it.
      table.insert(line_diags, d.user_data.lsp)
    end
  else
    line_diags = vim.lsp.diagnostic.get_line_diagnostics(bufnr, FAULTY - 1)
  end
  local responses = vim.lsp.buf_request_sync(bufnr, 'textDocument/codeAction', {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    range = { start = { line = FAULTY - 1, character = 0 }, ['end'] = { line = FAULTY - 1, character = 0 } },
    context = { diagnostics = line_diags },
  }, 10000)
  local actions = {}
  for _, r in pairs(responses or {}) do
    for _, a in ipairs(r.result or {}) do
      table.insert(actions, a.title)
    end
  end
  check('the faulty line has a code action', #actions > 0, dump(responses))

  -- The "angelic values" command shows its markdown in a floating window (Neovim drops
  -- executeCommand results otherwise).
  local angelic_done, angelic_shown = false, false
  faultline.show_angelic_values(bufnr, FAULTY - 1, function(err, shown)
    angelic_done, angelic_shown = true, shown and err == nil
  end)
  vim.wait(10000, function()
    return angelic_done
  end, 50)
  local float_text = floats()
  check('angelic values are shown in a floating window', angelic_shown and mentions_failing_test(float_text), float_text)
  close_floats()

  -- :FaultlineRerun reruns the tests: a new publish arrives with the same failures.
  local before = publishes
  vim.cmd('FaultlineRerun')
  ok = vim.wait(15000, function()
    local errs = vim.tbl_filter(function(d)
      return d.severity == vim.diagnostic.severity.ERROR
    end, faultline_diagnostics(bufnr))
    return publishes > before and #errs >= 2
  end, 50)
  check(':FaultlineRerun publishes the test results again', ok, string.format('%d publishes before, %d after', before, publishes))

  -- Fix the fault (`!= 0` → `== 0` on line 8) and write: nothing of Faultline's stays.
  local line = vim.api.nvim_buf_get_lines(bufnr, FAULTY - 1, FAULTY, true)[1]
  local fixed = line:gsub('year %% 400 != 0', 'year %% 400 == 0')
  require_that('line 8 holds the fault', fixed ~= line, line)
  vim.api.nvim_buf_set_lines(bufnr, FAULTY - 1, FAULTY, true, { fixed })
  vim.cmd('silent write')
  local left = {}
  ok = vim.wait(30000, function()
    left = { diagnostics = faultline_diagnostics(bufnr), virtual_text = virtual_texts(bufnr) }
    if type(ih) == 'table' and ih.get then
      left.inlay_hints = ih.get({ bufnr = bufnr })
    end
    left.failing_lenses = {}
    for _, lens in ipairs(vim.lsp.codelens.get(bufnr)) do
      if lens.command and mentions_failing_test(lens.command.title) and lens.command.title:lower():find('fail') then
        table.insert(left.failing_lenses, lens.command.title)
      end
    end
    return #left.diagnostics == 0 and #left.virtual_text == 0 and (left.inlay_hints == nil or #left.inlay_hints == 0)
      and #left.failing_lenses == 0
  end, 50)
  write_artifact('fixed.txt', screen(bufnr))
  check('no diagnostics once the fix is saved', #left.diagnostics == 0, dump(left.diagnostics))
  check('no virtual text once the fix is saved', #left.virtual_text == 0, dump(left.virtual_text))
  check('no inlay hints once the fix is saved', left.inlay_hints == nil or #left.inlay_hints == 0, dump(left.inlay_hints))
  check('no code lens reports a failure once the fix is saved', #left.failing_lenses == 0, dump(left.failing_lenses))
end

local ok, err = xpcall(main, debug.traceback)
if not ok then
  check('the test script ran without a Lua error', false, err)
end
finish()
