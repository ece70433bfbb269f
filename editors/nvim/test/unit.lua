-- Unit tests of the plugin's pure parts, in headless Neovim (run by run.sh on every version).
local faultline = require('faultline')
local passed, failed = 0, 0
local function eq(name, got, want)
  if vim.deep_equal(got, want) then
    passed = passed + 1
    io.stdout:write('ok   ' .. name .. '\n')
  else
    failed = failed + 1
    io.stdout:write('FAIL ' .. name .. ': got ' .. vim.inspect(got) .. ', want ' .. vim.inspect(want) .. '\n')
  end
end

local ok, err = xpcall(function()
  -- Tables become aligned columns in a code block; other lines are kept; backticks dropped inside.
  eq('readable_markdown aligns a table', faultline.readable_markdown({
    '**Angelic values**',
    '',
    '| failing test | should produce | computes as written |',
    '|---|:---:|---|',
    '| century_common | `false` | `true` |',
    '| q | `true` | `false` |',
    'after',
  }), {
    '**Angelic values**',
    '',
    '```text',
    'failing test    should produce  computes as written',
    '--------------  --------------  -------------------',
    'century_common  false           true',
    'q               true            false',
    '```',
    'after',
  })
  eq('readable_markdown leaves text without tables alone', faultline.readable_markdown({ 'a | b', '|x|', 'c' }),
    { 'a | b', '|x|', 'c' })
  eq('readable_markdown pads short rows and counts display width',
    faultline.readable_markdown({ '| a | b |', '|---|---|', '| é |' }),
    { '```text', 'a  b', '-  -', 'é', '```' })

  eq('progress_text of begin', faultline.progress_text({ kind = 'begin', title = 'Faultline', message = 'running tests' }),
    'faultline: running tests')
  eq('progress_text of report without message', faultline.progress_text({ kind = 'report', title = 'Faultline' }),
    'faultline: Faultline')
  eq('progress_text of end is nothing', faultline.progress_text({ kind = 'end', message = 'done' }), nil)
  eq('progress_text of garbage is nothing', faultline.progress_text('x'), nil)

  local seen = {}
  faultline.on_progress(42, { kind = 'begin', message = 'tests 1/4' }, function(text)
    table.insert(seen, text or '')
  end)
  eq('status() while running', faultline.status(), 'faultline: tests 1/4')
  faultline.on_progress(42, { kind = 'end' }, function(text)
    table.insert(seen, text or '')
  end)
  eq('status() when done', faultline.status(), '')
  eq('a progress function sees each text, then nil at the end', seen, { 'faultline: tests 1/4', '' })

  -- The default display echoes without filling the history or asking to press Enter.
  vim.o.columns = 40
  faultline.on_progress(43, { kind = 'report', message = string.rep('long message ', 20) }, true)
  local messages = vim.api.nvim_exec('messages', true)
  eq('progress echoes are not kept in :messages', messages:find('long message', 1, true), nil)
  faultline.on_progress(43, { kind = 'end' }, true)

  local config = faultline.diagnostic_config(nil)
  eq('virtual text is on, information and above', config.virtual_text.severity, { min = vim.diagnostic.severity.INFO })
  eq('virtual text shows the first line', config.virtual_text.format({ message = 'one\ntwo' }), 'one')
  eq('diagnostics = false leaves the configuration alone', faultline.diagnostic_config(false), nil)
  eq('user options are merged', faultline.diagnostic_config({ virtual_text = { spacing = 8 } }).virtual_text.spacing, 8)

  local msg = faultline.missing_binary_message('/x/faultline')
  eq('the missing-binary message names the binary and the ways out', {
    msg:find('/x/faultline', 1, true) ~= nil, msg:find('FAULTLINE_BIN', 1, true) ~= nil,
    msg:find('cargo install', 1, true) ~= nil, msg:find('setup', 1, true) ~= nil,
  }, { true, true, true, true })
end, debug.traceback)
if not ok then
  failed = failed + 1
  io.stdout:write('FAIL unit.lua raised: ' .. tostring(err) .. '\n')
end
io.stdout:write(string.format('nvim unit: %d passed, %d failed\n', passed, failed))
vim.cmd(failed > 0 and 'cquit 1' or 'qall!')
