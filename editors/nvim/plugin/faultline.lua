-- :FaultlineRerun exists as soon as the plugin is on 'runtimepath', also for users who only call
-- vim.lsp.enable('faultline') (Neovim 0.11+) and never require('faultline').setup().
if vim.g.loaded_faultline then
  return
end
vim.g.loaded_faultline = true
require('faultline').create_commands()
