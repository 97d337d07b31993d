package com.acme.chat;

import java.util.Map;

import org.springframework.ai.chat.client.ChatClient;

public class Summarizer {

	private static final String FACTS_PROMPT = """
			List facts about %s.
			Keep each one short.
			""";

	private final ChatClient chatClient;

	public Summarizer(ChatClient chatClient) {
		this.chatClient = chatClient;
	}

	public String ask(String template, Map<String, Object> params) {
		return chatClient.prompt()
			.user(u -> u.text(template).params(params))
			.call()
			.content();
	}

	public Facts facts(String subject) {
		return chatClient.prompt().user(FACTS_PROMPT.formatted(subject)).call().entity(Facts.class);
	}
}
