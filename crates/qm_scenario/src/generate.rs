//! Seeded map generation (filled in below).
