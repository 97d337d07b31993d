package com.acme.chat;

import java.util.List;

public record Facts(String subject, List<String> items) {
}
