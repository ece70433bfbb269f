-- Faultline's client configuration for Neovim 0.11+ (`:help lsp-config`): with this plugin on
-- 'runtimepath', `vim.lsp.enable('faultline')` starts `faultline lsp` for C files, and
-- `vim.lsp.config('faultline', { settings = { faultline = { maxDiagnoses = 5 } } })` overrides
-- any field. The same table is what require('faultline').setup() uses on older versions.
return require('faultline').config()
