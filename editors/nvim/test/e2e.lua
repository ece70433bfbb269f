-- Headless Neovim end-to-end test (run by run.sh). Uses only API Neovim 0.7 has.
--
-- The example is tests/examples/diagnose/leap: an IO program whose faultline.toml has 4 cases;
-- line 8 tests `year % 400 != 0` where `== 0` is meant, so `century_common` (1900) and
-- `quadricentennial` (2000) fail. The diagnoses are the condition on line 8 (rank 1, cost 1:
-- false for 1900, true for 2000) and the scanf on line 7 (rank 2, I/O is blamed last); other
-- statements the failing runs executed may appear as must-set hints.
--
-- With runOnOpen = false nothing is analysed until the buffer is written; `:w` must bring the
-- failing tests and the suspicious lines.

local file = assert(os.getenv('FAULTLINE_NVIM_FILE'), 'FAULTLINE_NVIM_FILE')
local log_path = os.getenv('FAULTLINE_NVIM_LOG')
local bin = assert(os.getenv('FAULTLINE_BIN'), 'FAULTLINE_BIN')

local passed, failed = 0, 0

local function out(msg)
  io.stdout:write(msg .. '\n')
  io.stdout:flush()
end

local check

local function finish()
  -- The plugin must not use API this Neovim deprecates (nor raise errors it only logs).
  local messages = vim.api.nvim_exec('messages', true)
  check('no deprecation warnings or errors in :messages', not messages:lower():match('deprecat')
    and not messages:match('E%d+:') and not messages:match('[Ee]rror'), messages)
  out(string.format('nvim e2e: %d passed, %d failed', passed, failed))
  if log_path then
    local f = io.open(log_path, 'w')
    if f then
      f:write(vim.api.nvim_exec('messages', true))
      f:close()
    end
  end
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

local function faultline_diagnostics(bufnr, code)
  local result = {}
  for _, d in ipairs(vim.diagnostic.get(bufnr)) do
    local c = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
    if d.source == 'faultline' and (code == nil or c == code) then
      table.insert(result, d)
    end
  end
  table.sort(result, function(a, b)
    return a.lnum < b.lnum
  end)
  return result
end

local function lines_of(diagnostics)
  local seen, lines = {}, {}
  for _, d in ipairs(diagnostics) do
    if not seen[d.lnum + 1] then
      seen[d.lnum + 1] = true
      table.insert(lines, d.lnum + 1)
    end
  end
  table.sort(lines)
  return lines
end

local function dump(v)
  return vim.inspect(v, { newline = ' ', indent = '' })
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
  faultline.setup({
    cmd = { bin, 'lsp' },
    settings = { runOnOpen = false, maxDiagnoses = 5 },
  })

  vim.cmd('silent edit ' .. vim.fn.fnameescape(file))
  local bufnr = vim.api.nvim_get_current_buf()
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
  check(
    'server announces save notifications',
    type(client.server_capabilities.textDocumentSync) == 'table' and client.server_capabilities.textDocumentSync.save ~= nil,
    dump(client.server_capabilities.textDocumentSync)
  )

  -- runOnOpen = false: opening alone publishes no test results.
  vim.wait(500, function()
    return #faultline_diagnostics(bufnr) > 0
  end, 50)
  check('nothing analysed on open with runOnOpen = false', #faultline_diagnostics(bufnr) == 0,
    dump(faultline_diagnostics(bufnr)))

  -- :w → didSave → tests, then the diagnosis: its diagnoses as they are found ("rank 1 of 1 so
  -- far"), then the finished list.
  vim.cmd('silent write')
  local function settled()
    local suspicious = faultline_diagnostics(bufnr, 'suspicious')
    for _, d in ipairs(suspicious) do
      if d.message:find(' so far', 1, true) then
        return false
      end
    end
    return #suspicious > 0
  end
  local ok = vim.wait(30000, settled, 50)
  require_that('suspicious lines published after :w', ok, dump(vim.diagnostic.get(bufnr)))

  local failures = faultline_diagnostics(bufnr, 'test-failure')
  local failing = {}
  for _, d in ipairs(failures) do
    table.insert(failing, (d.message:match('^test (%S+) fails: ')) or d.message)
    check('test failure is an error', d.severity == vim.diagnostic.severity.ERROR, dump(d))
  end
  table.sort(failing)
  check('the two failing cases are reported', vim.deep_equal(failing, { 'century_common', 'quadricentennial' }),
    dump(failing))
  check('IO test failures are reported at main (line 4)', vim.deep_equal(lines_of(failures), { 4 }),
    dump(lines_of(failures)))

  local suspicious = faultline_diagnostics(bufnr, 'suspicious')
  -- Lines that a diagnosis blames are warnings (rank 1) or information (other ranks); lines only
  -- in a failing test's must-set are hints, and can only be statements the failing runs executed.
  local blamed, hinted = {}, {}
  for _, d in ipairs(suspicious) do
    if d.severity == vim.diagnostic.severity.HINT then
      table.insert(hinted, d)
    else
      table.insert(blamed, d)
    end
  end
  check('blamed lines are 7 and 8', vim.deep_equal(lines_of(blamed), { 7, 8 }), dump(lines_of(blamed)))
  for _, line in ipairs(lines_of(hinted)) do
    check('hint on line ' .. line .. ' is a statement the failing runs executed',
      vim.tbl_contains({ 9, 11, 12 }, line), dump(hinted))
  end
  for _, d in ipairs(blamed) do
    if d.lnum + 1 == 8 then
      check('line 8 is rank 1 (warning)', d.severity == vim.diagnostic.severity.WARN
        and d.message:match('^suspicious — rank 1 of %d+') ~= nil, dump(d))
    elseif d.lnum + 1 == 7 then
      check('line 7 is rank 2 (information)', d.severity == vim.diagnostic.severity.INFO
        and d.message:match('^suspicious — rank 2 of %d+') ~= nil, dump(d))
    end
  end

  -- Inlay hints (Neovim 0.10+): enabled by the plugin on attach, the angelic values per test.
  local ih = vim.lsp.inlay_hint
  if type(ih) == 'table' and ih.get and ih.is_enabled then
    check('inlay hints are enabled on attach', ih.is_enabled({ bufnr = bufnr }))
    local label = ''
    vim.wait(10000, function()
      for _, item in ipairs(ih.get({ bufnr = bufnr })) do
        local h = item.inlay_hint
        if h.position.line == 7 then
          label = type(h.label) == 'string' and h.label or dump(h.label)
        end
      end
      return label ~= ''
    end, 50)
    check('inlay hint after the condition gives its angelic values',
      label:match('false in century_common, true in quadricentennial') ~= nil, label)
  else
    out('skip inlay hints: this Neovim has none')
  end

  -- Code lens on main (IO tests): refreshed by the plugin when the diagnostics changed.
  local lens_title = ''
  vim.wait(10000, function()
    lens_title = ''
    for _, lens in ipairs(vim.lsp.codelens.get(bufnr)) do
      if lens.range.start.line == 3 and lens.command then
        lens_title = lens.command.title
      end
    end
    return lens_title:match('2 of 4 IO tests fail') ~= nil
  end, 50)
  check('code lens on main says 2 of 4 IO tests fail', lens_title:match('2 of 4 IO tests fail: century_common') ~= nil,
    lens_title .. ' / ' .. dump(vim.lsp.codelens.get(bufnr)))

  -- Hover on the condition: the angelic values per failing test.
  local responses = vim.lsp.buf_request_sync(bufnr, 'textDocument/hover', {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    position = { line = 7, character = 10 },
  }, 10000)
  local hover = ''
  for _, r in pairs(responses or {}) do
    if r.result and r.result.contents then
      local c = r.result.contents
      hover = hover .. (type(c) == 'string' and c or c.value or dump(c))
    end
  end
  check('hover names rank 1', hover:match('[Rr]ank 1') ~= nil, hover)
  check('hover gives false for century_common', hover:match('century_common[^\n]*false') ~= nil, hover)
  check('hover gives true for quadricentennial', hover:match('quadricentennial[^\n]*true') ~= nil, hover)

  -- The "Show angelic values" code action's command opens a floating window with the table.
  local angelic_done, angelic_shown = false, false
  faultline.show_angelic_values(bufnr, 7, function(err, shown)
    angelic_done, angelic_shown = true, shown and err == nil
  end)
  vim.wait(10000, function()
    return angelic_done
  end, 50)
  local float_text = ''
  for _, win in ipairs(vim.api.nvim_list_wins()) do
    if vim.api.nvim_win_get_config(win).relative ~= '' then
      local buf = vim.api.nvim_win_get_buf(win)
      float_text = float_text .. table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), '\n')
    end
  end
  check('angelic values are shown in a floating window', angelic_shown
    and float_text:match('century_common[^\n]*false') ~= nil
    and float_text:match('quadricentennial[^\n]*true') ~= nil, float_text)
  vim.api.nvim_set_current_win(vim.fn.bufwinid(bufnr))

  -- :FaultlineRerun reruns the tests: a new publish arrives with the same failures.
  local before = publishes
  vim.cmd('FaultlineRerun')
  ok = vim.wait(15000, function()
    return publishes > before and #faultline_diagnostics(bufnr, 'test-failure') == 2
  end, 50)
  check(':FaultlineRerun publishes the test results again', ok, string.format('%d publishes before, %d after', before, publishes))

  -- Fix the fault (`!= 0` → `== 0` on line 8) and write: every diagnostic goes away.
  local line = vim.api.nvim_buf_get_lines(bufnr, 7, 8, true)[1]
  local fixed = line:gsub('year %% 400 != 0', 'year %% 400 == 0')
  require_that('line 8 holds the fault', fixed ~= line, line)
  vim.api.nvim_buf_set_lines(bufnr, 7, 8, true, { fixed })
  vim.cmd('silent write')
  ok = vim.wait(30000, function()
    return #faultline_diagnostics(bufnr) == 0
  end, 50)
  check('no diagnostics once the fix is saved', ok, dump(faultline_diagnostics(bufnr)))
end

local ok, err = xpcall(main, debug.traceback)
if not ok then
  check('the test script ran without a Lua error', false, err)
end
finish()
