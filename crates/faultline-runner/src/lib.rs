//! Test discovery and running
