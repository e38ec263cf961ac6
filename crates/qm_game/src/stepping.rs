//! System-by-system stepping (feature `stepping`); filled in below.
