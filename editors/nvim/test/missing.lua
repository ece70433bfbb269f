-- Headless test (run by run.sh): with no `faultline` binary, opening C files says once, plainly,
-- how to install it or point the plugin at it, and nothing fails or retries.
--   FAULTLINE_NVIM_FILE  a C file   FAULTLINE_NVIM_MODE  'setup' or 'enable' (0.11's vim.lsp.enable)

local file = assert(os.getenv('FAULTLINE_NVIM_FILE'), 'FAULTLINE_NVIM_FILE')
local mode = os.getenv('FAULTLINE_NVIM_MODE') or 'setup'
local passed, failed = 0, 0
local function check(name, cond, detail)
  if cond then
    passed = passed + 1
    io.stdout:write('ok   ' .. name .. '\n')
  else
    failed = failed + 1
    io.stdout:write('FAIL ' .. name .. (detail and (': ' .. detail) or '') .. '\n')
  end
end

local notes = {}
vim.notify = function(msg, level)
  table.insert(notes, { msg = msg, level = level })
end

local ok, err = xpcall(function()
  vim.cmd('filetype on')
  local missing = '/nonexistent/faultline-missing'
  if mode == 'enable' then
    -- What a 0.11 user writes instead of setup(): the plugin's lsp/faultline.lua, another binary.
    vim.lsp.config('faultline', { cmd = { missing, 'lsp' } })
    vim.lsp.enable('faultline')
  else
    require('faultline').setup({ cmd = { missing, 'lsp' } })
  end
  vim.cmd('silent edit ' .. vim.fn.fnameescape(file))
  vim.wait(1000, function()
    return #notes > 0
  end, 20)
  -- A second C buffer: no second message.
  vim.cmd('silent edit ' .. vim.fn.fnameescape(vim.fn.fnamemodify(file, ':h') .. '/other.c'))
  vim.wait(300)
  check('one message', #notes == 1, vim.inspect(notes))
  local msg = notes[1] and notes[1].msg or ''
  check('the message is an error', notes[1] ~= nil and notes[1].level == vim.log.levels.ERROR, vim.inspect(notes))
  check('the message names the binary', msg:find(missing, 1, true) ~= nil, msg)
  check('the message says how to install or configure it', msg:find('FAULTLINE_BIN', 1, true) ~= nil
    and msg:find('setup', 1, true) ~= nil and msg:find('PATH', 1, true) ~= nil, msg)
  local clients = (vim.lsp.get_clients or vim.lsp.get_active_clients)()
  check('no client was started', #clients == 0, vim.inspect(clients))
end, debug.traceback)
if not ok then
  check('the test script ran without a Lua error', false, err)
end
io.stdout:write(string.format('nvim missing-binary (%s): %d passed, %d failed\n', mode, passed, failed))
vim.cmd(failed > 0 and 'cquit 1' or 'qall!')
