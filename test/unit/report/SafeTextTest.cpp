//===- SafeTextTest.cpp - Untrusted names for terminals and XML -----------===//
#include "hotpath/report/SafeText.h"

#include <gtest/gtest.h>

using namespace hotpath::report;

TEST(SafeText, TerminalKeepsOrdinaryText) {
  EXPECT_EQ(terminalText("app::parse(std::string const&)"),
            "app::parse(std::string const&)");
  EXPECT_EQ(terminalText("caf\xC3\xA9 \xE2\x80\xA6 \xF0\x9F\x94\xA5"),
            "caf\xC3\xA9 \xE2\x80\xA6 \xF0\x9F\x94\xA5");
  EXPECT_EQ(terminalText(""), "");
}

TEST(SafeText, TerminalEscapesControls) {
  // The name of the finding: sets the title, clears the screen, fakes a
  // line.
  EXPECT_EQ(terminalText("esc\x1b]0;pwned\x07\x1b[2J\nnewline"),
            "esc\\x1b]0;pwned\\x07\\x1b[2J\\x0anewline");
  EXPECT_EQ(terminalText(std::string("a\0b", 3)), "a\\x00b");
  EXPECT_EQ(terminalText("tab\there\x7f"), "tab\\x09here\\x7f");
  // C1: U+009B is a one-character CSI on some terminals.
  EXPECT_EQ(terminalText("x\xC2\x9B"
                         "2J"),
            "x\\u009b2J");
  EXPECT_EQ(terminalText("\xC2\x85"), "\\u0085");
}

TEST(SafeText, TerminalReplacesInvalidUtf8) {
  EXPECT_EQ(terminalText("a\xFF"
                         "b"),
            "a\xEF\xBF\xBD"
            "b");
  EXPECT_EQ(terminalText("\xC3"), "\xEF\xBF\xBD");                 // truncated
  EXPECT_EQ(terminalText("\xC0\xAF"), "\xEF\xBF\xBD\xEF\xBF\xBD"); // overlong
  EXPECT_EQ(terminalText("\xED\xA0\x80"),                          // surrogate
            "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");
}

TEST(SafeText, XmlReplacesWhatXmlForbids) {
  EXPECT_EQ(xmlText("parse\xEF\xBF\xBF"), "parse\xEF\xBF\xBD"); // U+FFFF
  EXPECT_EQ(xmlText("p\xEF\xBF\xBE"), "p\xEF\xBF\xBD");         // U+FFFE
  EXPECT_EQ(xmlText("a\x1b"
                    "b"),
            "a\xEF\xBF\xBD"
            "b");
  EXPECT_EQ(xmlText("a\tb\nc\rd"), "a b c d");
  EXPECT_EQ(xmlText("a\xFF"), "a\xEF\xBF\xBD");
  EXPECT_EQ(xmlText("<&>\xE2\x80\xA6"), "<&>\xE2\x80\xA6"); // entities: later
}
