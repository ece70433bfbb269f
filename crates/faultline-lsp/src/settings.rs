//! The `faultline` configuration section (`workspace/configuration`, with the client's
//! `initializationOptions` as a fallback).
//!
//! `faultline.toml` cannot carry these: the runner's parser rejects unknown tables
//! (`deny_unknown_fields`), so an `[lsp]` table would break `faultline test` on the same file.

use std::time::Duration;

use faultline_diagnose::{Algorithm, DiagnoseOptions};
use serde::Deserialize;

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Settings {
    pub run_on_save: bool,
    pub run_on_open: bool,
    pub max_diagnoses: usize,
    pub timeout_seconds: f64,
    pub unwind: Option<u32>,
    pub algorithm: String,
    /// Which suspects are squiggled: `"best"` (the best diagnosis and its ties) or `"all"`
    /// (the others too, as Hints).
    pub suspects: String,
    /// The same as `suspects: "all"` (VS Code's boolean setting).
    pub show_all_suspects: bool,
    /// Memory ceiling of one analysis in MiB (its test runs and formulas; see
    /// `faultline_interp::MemoryAccount`); `None`: the default (2 GiB).
    pub max_memory_mb: Option<u64>,
    /// Memory the server's analyses may use together, in MiB (`crate::memory`): an analysis
    /// whose budget does not fit beside the running ones waits. `None`: the default
    /// ([`crate::memory::DEFAULT_SERVER_MEMORY_MB`]).
    pub max_server_memory_mb: Option<u64>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            run_on_save: true,
            run_on_open: true,
            max_diagnoses: 10,
            timeout_seconds: 30.0,
            unwind: None,
            algorithm: "cfaults".into(),
            suspects: "best".into(),
            show_all_suspects: false,
            max_memory_mb: None,
            max_server_memory_mb: None,
        }
    }
}

impl Settings {
    /// Read a configuration value; a malformed one is reported and the defaults are kept for
    /// what could not be read (a typo in the editor's settings must not stop the server).
    pub fn from_value(value: &serde_json::Value) -> Result<Settings, String> {
        if value.is_null() {
            return Ok(Settings::default());
        }
        // Accept both the section itself and an object that wraps it (`{"faultline": {...}}`),
        // which is how some clients pass initializationOptions.
        let section = value.get("faultline").unwrap_or(value);
        serde_json::from_value(section.clone()).map_err(|e| format!("faultline settings: {e}"))
    }

    /// Squiggle every suspect, not only the best ones.
    pub fn all_suspects(&self) -> bool {
        self.show_all_suspects || self.suspects.eq_ignore_ascii_case("all")
    }

    /// The memory budget of one analysis in MiB.
    pub fn analysis_memory_mb(&self) -> u64 {
        match self.max_memory_mb {
            Some(mb) => mb.clamp(1, 1 << 24),
            None => DiagnoseOptions::default()
                .max_memory
                .map_or(2048, |b| b >> 20),
        }
    }

    /// The cap over all analyses at once, in MiB.
    pub fn server_memory_mb(&self) -> u64 {
        self.max_server_memory_mb
            .unwrap_or(crate::memory::DEFAULT_SERVER_MEMORY_MB)
            .clamp(1, 1 << 24)
    }

    pub fn diagnose_options(&self) -> Result<DiagnoseOptions, String> {
        let algorithm: Algorithm = self.algorithm.parse()?;
        let timeout = if self.timeout_seconds.is_finite() && self.timeout_seconds > 0.0 {
            Some(Duration::from_secs_f64(self.timeout_seconds.min(86_400.0)))
        } else {
            None
        };
        Ok(DiagnoseOptions {
            algorithm,
            max_diagnoses: self.max_diagnoses.max(1),
            timeout,
            unwind: self.unwind,
            max_memory: Some(self.analysis_memory_mb() << 20),
            ..DiagnoseOptions::default()
        })
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn partial_settings_keep_defaults() {
        let s = Settings::from_value(&json!({"runOnSave": false, "unwind": 4})).unwrap();
        assert!(!s.run_on_save && s.run_on_open);
        assert_eq!((s.unwind, s.max_diagnoses), (Some(4), 10));
        let wrapped = Settings::from_value(&json!({"faultline": {"maxDiagnoses": 3}})).unwrap();
        assert_eq!(wrapped.max_diagnoses, 3);
    }

    #[test]
    fn memory_budgets_have_documented_defaults_and_bounds() {
        let s = Settings::default();
        assert_eq!((s.analysis_memory_mb(), s.server_memory_mb()), (2048, 4096));
        assert_eq!(s.diagnose_options().unwrap().max_memory, Some(2048 << 20));
        let s =
            Settings::from_value(&json!({"maxMemoryMb": 512, "maxServerMemoryMb": 1024})).unwrap();
        assert_eq!((s.analysis_memory_mb(), s.server_memory_mb()), (512, 1024));
        let s = Settings::from_value(&json!({"maxMemoryMb": 0, "maxServerMemoryMb": 0})).unwrap();
        assert_eq!((s.analysis_memory_mb(), s.server_memory_mb()), (1, 1));
        assert!(Settings::from_value(&json!({"maxServerMemoryMb": -1})).is_err());
    }

    #[test]
    fn bad_settings_are_errors_not_panics() {
        assert!(Settings::from_value(&json!({"maxDiagnoses": "many"})).is_err());
        let s = Settings {
            algorithm: "magic".into(),
            ..Settings::default()
        };
        assert!(s.diagnose_options().is_err());
    }
}
