-- :FaultlineRerun exists as soon as the plugin is on 'runtimepath', also for users who only call
-- vim.lsp.enable('faultline') (Neovim 0.11+) and never require('faultline').setup(); for them too,
-- opening a C file with no `faultline` binary says how to install it (Neovim itself only logs it).
if vim.g.loaded_faultline then
  return
end
vim.g.loaded_faultline = true
local faultline = require('faultline')
faultline.create_commands()
faultline.watch_missing_binary()
