//! Workspace-level tests live in tests/ of this crate.
