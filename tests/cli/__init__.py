"""Tests of the cardrules command."""
