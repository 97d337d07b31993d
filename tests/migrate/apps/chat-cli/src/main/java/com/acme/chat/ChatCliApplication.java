package com.acme.chat;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.CommandLineRunner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

@SpringBootApplication
public class ChatCliApplication {

	private static final Logger logger = LoggerFactory.getLogger(ChatCliApplication.class);

	@Value("${acme.topic:cats}")
	private String topic;

	public static void main(String[] args) {
		SpringApplication.run(ChatCliApplication.class, args);
	}

	@Bean
	public Summarizer summarizer(ChatClient.Builder builder) {
		return new Summarizer(builder.defaultSystem("You are a terse assistant").build());
	}

	@Bean
	public CommandLineRunner runner(Summarizer summarizer) {
		return args -> {
			String answer = summarizer.ask("Tell me about {topic}", Map.of("topic", topic));
			System.out.println("ANSWER: " + answer);
			Facts facts = summarizer.facts(topic);
			List<String> upper = facts.items().stream().map(s -> s.toUpperCase()).collect(Collectors.toList());
			System.out.println(String.format("%s has %d facts: %s", facts.subject(), upper.size(), String.join(", ", upper)));
			logger.info("done with {}", topic);
		};
	}
}
