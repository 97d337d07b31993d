package com.acme.mcp;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.tool.ToolCallbackProvider;
import org.springframework.boot.CommandLineRunner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

@SpringBootApplication
public class McpClientApplication {

	private static final Logger log = LoggerFactory.getLogger(McpClientApplication.class);

	public static void main(String[] args) {
		SpringApplication.run(McpClientApplication.class, args).close();
	}

	@Bean
	public CommandLineRunner questions(ChatClient.Builder chatClientBuilder, ToolCallbackProvider tools) {
		return args -> {
			var chatClient = chatClientBuilder.defaultToolCallbacks(tools).build();
			String question = "What is the weather in Paris?";
			log.info("QUESTION: {}", question);
			System.out.println("ASSISTANT: " + chatClient.prompt(question).call().content());
		};
	}
}
